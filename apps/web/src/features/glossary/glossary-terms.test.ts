import { glossaryTerms } from '@pilote/content';
import { describe, expect, it } from 'vitest';
import glossaryDoc from '../../../../../docs/glossary.md?raw';

describe('public glossary', () => {
  it('covers the terms the issue names', () => {
    const acronyms = glossaryTerms.map((term) => term.acronym);
    for (const acronym of ['CJA', 'CAR', 'NTR', 'PITD', 'PCE', 'PDL', 'TCL', 'CTA', 'ATRD', 'ATRT', 'CEE']) {
      expect(acronyms).toContain(acronym);
    }
  });

  it('only defines acronyms that docs/glossary.md defines', () => {
    for (const term of glossaryTerms) {
      if (term.acronym) {
        expect(glossaryDoc, term.acronym).toMatch(new RegExp(`\\b${term.acronym}`));
      }
    }
  });

  it('has unique anchors', () => {
    const ids = glossaryTerms.map((term) => term.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
