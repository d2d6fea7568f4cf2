import type { ChatbotResponse } from '@pilote/contracts';
import type { Actor } from '../auth/session.ts';
import { requireUser } from '../auth/session.ts';
import type { Quota } from '../plans/quota.ts';
import type { Retrieval } from './retrieval.ts';

export const DONT_KNOW_ANSWER =
  'Je ne trouve pas la réponse dans la documentation du produit (FAQ, glossaire, blog, tarifs) ni dans vos dernières simulation et optimisation. Reformulez votre question, ou écrivez-nous depuis la page Contact.';
const EXCERPT_MAX = 600;

/**
 * The default chatbot engine (ADR 0035): no outside service. It retrieves the passages of the product's own
 * knowledge nearest to the question and answers with them, in French, citing them; it says when it does not know.
 * Only the caller's own data is ever read (their last simulation and optimisation, retrieval.ts, ADR 0037).
 */
export function createChatbotService({ retrieval, quota }: { retrieval: Retrieval; quota: Quota }) {
  return {
    async answer(actor: Actor | null, input: { message: string }): Promise<ChatbotResponse> {
      const user = requireUser(actor);
      return quota.run(user.user.id, 'chatbot_messages', async () => {
        const hits = await retrieval.retrieve(actor, input.message);
        const [best] = hits;
        if (!best) {
          return { response: DONT_KNOW_ANSWER, sources: [] };
        }
        const sources = hits.map(({ passage }) => ({
          title: passage.title,
          url: passage.url,
          excerpt: passage.text.slice(0, EXCERPT_MAX),
        }));
        const others = sources.slice(1).map((source) => `« ${source.title} »`);
        const response = [
          `D’après « ${best.passage.title} » : ${best.passage.text}`,
          others.length > 0 ? `Voir aussi : ${others.join(', ')}.` : '',
        ]
          .filter(Boolean)
          .join('\n\n');
        return { response, sources };
      });
    },
  };
}

export type ChatbotService = ReturnType<typeof createChatbotService>;
