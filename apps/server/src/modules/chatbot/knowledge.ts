import { faqGroups, glossaryTerms } from '@pilote/content';
import MiniSearch from 'minisearch';
import { frenchTerm } from './french.ts';
import type { Passage } from './passage.ts';
import { blogPassages, readBlogPosts } from './sources/blog.ts';
import { planPassages } from './sources/plans.ts';
import { tariffExplanationPassages } from './sources/tariffs.ts';

export type { Passage } from './passage.ts';

/** The passages of the FAQ and the glossary: the same texts as /faq and /glossaire (`@pilote/content`). */
export function faqAndGlossaryPassages(): Passage[] {
  const glossary = glossaryTerms.map((term) => ({
    id: `glossaire:${term.id}`,
    title: term.acronym ? `${term.acronym} — ${term.name}` : term.name,
    text: term.definition,
    url: `/glossaire#${term.id}`,
    keywords: [term.acronym ?? '', term.name].join(' '),
  }));
  const faq = faqGroups.flatMap((group) =>
    group.items.map((item) => ({
      id: `faq:${item.id}`,
      title: item.question,
      text: item.answer.join(' '),
      url: `/faq#${item.id}`,
      keywords: group.title,
    })),
  );
  return [...glossary, ...faq];
}

/**
 * The public texts that do not change while the server runs: FAQ, glossary, blog sections and the explanation of
 * the tariff lines (ADR 0037). The dated parameters are added by retrieval.ts (they follow the stored values).
 */
export function productPassages(): Passage[] {
  return [
    ...faqAndGlossaryPassages(),
    ...blogPassages(readBlogPosts()),
    ...tariffExplanationPassages(),
    ...planPassages(),
  ];
}

export interface SearchHit {
  passage: Passage;
  score: number;
}

export interface SearchOptions {
  limit?: number;
  /**
   * Passages of this request only (the caller's own simulation and optimisation): they join the index for this
   * one search, which is synchronous, and leave it before it returns, so no other request can ever see them.
   */
  extra?: readonly Passage[];
}

/** A full-text index (minisearch) over passages, with the French term processor. */
export function createKnowledgeIndex(passages: readonly Passage[]) {
  const index = new MiniSearch<Passage>({
    fields: ['keywords', 'title', 'text'],
    storeFields: ['id'],
    processTerm: frenchTerm,
    // Fuzzy only from 6 letters: a 4-letter stem one edit away is another word (« tart » → « part », « coup » →
    // « cout »).
    searchOptions: {
      boost: { keywords: 4, title: 2 },
      prefix: (term) => term.length >= 5,
      fuzzy: (term) => (term.length >= 6 ? 0.15 : false),
    },
  });
  index.addAll(passages);
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  return {
    size: passages.length,
    search(query: string, { limit = 3, extra = [] }: SearchOptions = {}): SearchHit[] {
      const added = extra.filter((passage) => !byId.has(passage.id));
      const extraById = new Map(added.map((passage) => [passage.id, passage]));
      // Scored together with the public passages (same BM25 statistics), then removed: nothing awaits in between.
      const inIndex: Passage[] = [];
      try {
        for (const passage of added) {
          index.add(passage);
          inIndex.push(passage);
        }
        return index
          .search(query)
          .slice(0, limit)
          .flatMap((result) => {
            const id = String(result.id);
            const passage = byId.get(id) ?? extraById.get(id);
            return passage ? [{ passage, score: result.score }] : [];
          });
      } finally {
        for (const passage of inIndex) {
          index.remove(passage);
        }
      }
    },
  };
}

export type KnowledgeIndex = ReturnType<typeof createKnowledgeIndex>;
