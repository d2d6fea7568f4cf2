import type { KnowledgeIndex, Passage } from './knowledge.ts';

/** Below this score a passage is not an answer (minisearch BM25+ scores; tuned on the FAQ and glossary). */
export const MIN_SCORE = 3;
/** The passages given to an engine for one question. */
export const MAX_PASSAGES = 3;

/**
 * Step 1 of an answer (ADR 0036): the passages of the product's own knowledge nearest to the question, best
 * first, none when nothing scores high enough. Every engine answers from these passages only.
 */
export function retrievePassages(index: KnowledgeIndex, query: string, limit = MAX_PASSAGES): Passage[] {
  return index
    .search(query, limit)
    .filter((hit) => hit.score >= MIN_SCORE)
    .map((hit) => hit.passage);
}
