import { faqGroups, glossaryTerms } from '@pilote/content';
import MiniSearch from 'minisearch';
import { frenchTerm } from './french.ts';

/** One passage of the product's own knowledge, with the public page it comes from. */
export interface Passage {
  id: string;
  title: string;
  text: string;
  url: string;
  /** Extra words that name it (an acronym), searched with a boost. */
  keywords: string;
}

/** The passages of the FAQ and the glossary: the same texts as /faq and /glossaire (`@pilote/content`). */
export function productPassages(): Passage[] {
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

export interface SearchHit {
  passage: Passage;
  score: number;
}

/** A full-text index (minisearch) over passages, with the French term processor. */
export function createKnowledgeIndex(passages: Passage[]) {
  const index = new MiniSearch<Passage>({
    fields: ['keywords', 'title', 'text'],
    storeFields: ['id'],
    processTerm: frenchTerm,
    searchOptions: { boost: { keywords: 4, title: 2 }, prefix: (term) => term.length >= 5, fuzzy: 0.15 },
  });
  index.addAll(passages);
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  return {
    search(query: string, limit = 3): SearchHit[] {
      return index
        .search(query)
        .slice(0, limit)
        .flatMap((result) => {
          const passage = byId.get(String(result.id));
          return passage ? [{ passage, score: result.score }] : [];
        });
    },
  };
}

export type KnowledgeIndex = ReturnType<typeof createKnowledgeIndex>;
