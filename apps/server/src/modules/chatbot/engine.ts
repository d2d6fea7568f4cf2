import type { ChatbotResponse, ChatbotSource } from '@pilote/contracts';
import type { Passage } from './knowledge.ts';

/** What an engine gets: the question, the conversation so far, and the retrieved passages (best first). */
export interface EngineInput {
  message: string;
  history: { role: 'user' | 'assistant'; content: string }[];
  passages: Passage[];
}

/** What an engine streams: pieces of the answer's text in order, then the whole answer with its sources. */
export type EngineEvent = { type: 'delta'; text: string } | ({ type: 'done' } & ChatbotResponse);

/**
 * Step 2 of an answer (ADR 0036): an engine writes the answer from `EngineInput`. Chosen by the environment
 * (CHATBOT_ENGINE, LLM_*); the embedded default is the retrieval engine. Engines throw `AppError`s
 * (CHATBOT_ENGINE_ERROR, CHATBOT_ENGINE_TIMEOUT); they never see who asks.
 */
export interface ChatEngine {
  readonly name: 'retrieval' | 'llm';
  answer(input: EngineInput, signal?: AbortSignal): Promise<ChatbotResponse>;
  stream(input: EngineInput, signal?: AbortSignal): AsyncIterable<EngineEvent>;
}

export const DONT_KNOW_ANSWER =
  'Je ne trouve pas la réponse dans la documentation du produit (FAQ, glossaire, blog, tarifs) ni dans vos dernières simulation et optimisation. Reformulez votre question, ou écrivez-nous depuis la page Contact.';
const EXCERPT_MAX = 600;

/** A passage as the API returns it: title, page link, the start of its text, and its citation number if any. */
export function toSource(passage: Passage, ref?: number): ChatbotSource {
  return {
    title: passage.title,
    url: passage.url,
    excerpt: passage.text.slice(0, EXCERPT_MAX),
    ...(ref === undefined ? {} : { ref }),
  };
}

/**
 * The default engine (ADR 0035): no outside service. It quotes the best passage (« D’après « titre » : … »), lists
 * the others as « Voir aussi », returns every passage as a source, and says when it does not know. Streamed as one
 * piece.
 */
export function createRetrievalEngine(): ChatEngine {
  function answer({ passages }: EngineInput): ChatbotResponse {
    const [best, ...others] = passages;
    if (!best) {
      return { response: DONT_KNOW_ANSWER, sources: [] };
    }
    const seeAlso = others.map((passage) => `« ${passage.title} »`);
    const response = [
      `D’après « ${best.title} » : ${best.text}`,
      seeAlso.length > 0 ? `Voir aussi : ${seeAlso.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join('\n\n');
    return { response, sources: passages.map((passage) => toSource(passage)) };
  }
  return {
    name: 'retrieval',
    async answer(input) {
      return answer(input);
    },
    async *stream(input) {
      const result = answer(input);
      yield { type: 'delta', text: result.response };
      yield { type: 'done', ...result };
    },
  };
}
