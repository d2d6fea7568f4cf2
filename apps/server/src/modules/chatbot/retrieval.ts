import { overlaidRegistry, PARAMETER_REGISTRY, type ParameterOverlay } from '@pilote/tariffs';
import { type Actor, requireUser } from '../auth/session.ts';
import type { TariffOverlaySource } from '../tariff-data/overlay-source.ts';
import { createKnowledgeIndex, type KnowledgeIndex, type Passage, type SearchHit } from './knowledge.ts';
import type { OwnWorkSource } from './sources/own-work.ts';
import { parameterPassages } from './sources/tariffs.ts';

/** Below this score a passage is not an answer (minisearch BM25+ scores; tuned on the tests' questions). */
export const MIN_SCORE = 10;
/** At most this many passages per answer. */
export const MAX_PASSAGES = 3;
/**
 * A passage scoring below this share of the best one is left out: it shares a common word with the question, not
 * its subject (« ma dernière simulation » 190, a parameter whose description says « simulateur » 26).
 */
export const RELATIVE_MIN_SCORE = 0.25;

/**
 * Words by which a message points back to the conversation's subject instead of naming one (ADR 0047): a
 * demonstrative (« ça », « cela »…), a subject pronoun (« est-elle obligatoire ? »), an object pronoun before an
 * infinitive (« l'optimiser », « comment la réduire »), or an opening « Et / Mais / Alors… » with no acronym or code
 * of its own (« Et en 2027 ? »; « Et la CTA ? » names its subject). Letters, not `\b`, delimit the words: `\b` does
 * not see « ç » or « é » as letters.
 */
const FOLLOW_UP_MARKERS = [
  /(?<!\p{L})(?:ça|ca|cela|ceci|celui|celle|ceux|celles|il|elle|ils|elles)(?!\p{L})/iu,
  /(?<!\p{L})l['’]\s*\p{L}+(?:er|ir|re)(?!\p{L})/iu,
  /(?<!\p{L})(?:comment|pourquoi|quand|où|combien|peut-on|faut-il|dois-je|puis-je)\s+(?:le|la|les|lui|leur)\s+\p{L}+(?:er|ir|re)(?!\p{L})/iu,
];
const OPENING_CONNECTIVE = /^\s*(?:et|mais|alors|donc|puis|sinon|ensuite|aussi)(?!\p{L})/iu;
/** An acronym or a code (CTA, CJA, T4, P016, GD8016): a subject of the message's own. */
const OWN_SUBJECT = /(?<![\p{L}\d])[A-Z][A-Z\d]+(?![\p{L}\d])/u;

/** True when the message refers to what was said before (« Et comment l'optimiser ? » after a CJA question). */
export function isFollowUp(message: string): boolean {
  return (
    FOLLOW_UP_MARKERS.some((marker) => marker.test(message)) ||
    (OPENING_CONNECTIVE.test(message) && !OWN_SUBJECT.test(message))
  );
}

export interface RetrievalDependencies {
  /** The public texts, read once at start (knowledge.ts `productPassages`). */
  publicPassages: readonly Passage[];
  /** The stored tariff values (ADR 0025): the parameters' passages follow them like the simulator does. */
  tariffOverlay: TariffOverlaySource;
  /** The caller's own last simulation and optimisation. */
  ownWork: OwnWorkSource;
}

/**
 * What the assistant reads before answering (ADR 0037): the passages nearest to the message among the public texts,
 * the dated parameters and the caller's own last simulation and optimisation, with their scores, best first; only
 * those at or above MIN_SCORE and RELATIVE_MIN_SCORE of the best. Any engine (the default one, an LLM) answers from these.
 *
 * The public index is built on the first question and again only when the stored tariff values change (one small
 * indexed query per question tells, the same the simulator makes); the caller's passages are read per question and
 * scored inside that index for that search only.
 */
export function createRetrieval({ publicPassages, tariffOverlay, ownWork }: RetrievalDependencies) {
  let built: { overlay: ParameterOverlay; index: KnowledgeIndex } | null = null;

  async function publicIndex(): Promise<KnowledgeIndex> {
    const { overlay } = await tariffOverlay.current();
    if (built?.overlay !== overlay) {
      const parameters = parameterPassages(overlaidRegistry(PARAMETER_REGISTRY, overlay));
      built = { overlay, index: createKnowledgeIndex([...publicPassages, ...parameters]) };
    }
    return built.index;
  }

  function search(index: KnowledgeIndex, own: Passage[], query: string): SearchHit[] {
    const hits = index.search(query, { limit: MAX_PASSAGES, extra: own });
    const floor = Math.max(MIN_SCORE, (hits[0]?.score ?? 0) * RELATIVE_MIN_SCORE);
    return hits.filter(
      (hit) => hit.score >= floor && (!hit.passage.id.startsWith('own:') || own.includes(hit.passage)),
    );
  }

  return {
    /**
     * The passages for this signed-in caller's message (401 without a user: their own data is the only data read).
     * A message that points back to the conversation (« Et comment l'optimiser ? », {@link isFollowUp}) is searched
     * with the caller's previous question in front of it, even when it finds something generic on its own; any other
     * message is searched so too only when it finds nothing on its own (« et depuis quand ? »). A message that names
     * its own subject is never mixed with the previous one (a change of subject stays one). ADRs 0037, 0047.
     */
    async retrieve(actor: Actor | null, message: string, previousQuestion?: string): Promise<SearchHit[]> {
      const { user } = requireUser(actor);
      const [index, own] = await Promise.all([publicIndex(), ownWork.passages(user.id)]);
      const withContext = () => search(index, own, `${previousQuestion} ${message}`);
      if (!previousQuestion?.trim()) {
        return search(index, own, message);
      }
      if (isFollowUp(message)) {
        const hits = withContext();
        return hits.length > 0 ? hits : search(index, own, message);
      }
      const hits = search(index, own, message);
      return hits.length > 0 ? hits : withContext();
    },
  };
}

export type Retrieval = ReturnType<typeof createRetrieval>;
