import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../src/layouts/draft.ts';
import { applyHeader } from '../src/layouts/header-fields.ts';

describe('applyHeader', () => {
  it('keeps a number cell as text in a text field (a PCE typed as a number in a spreadsheet)', () => {
    const draft = emptyDraft();
    expect(applyHeader(draft, 'PCE', 12345678901234)).toBe(true);
    // A number here used to reach `pce.replace(…)` when the invoice was finalised, and throw.
    expect(draft.pce).toBe('12345678901234');
  });

  it('keeps a number cell as a number in a quantity field, with the unit its label gives', () => {
    const draft = emptyDraft();
    applyHeader(draft, 'CJA (kWh/j)', 109000);
    applyHeader(draft, 'NTR', 2);
    expect(draft.cja).toBe('109000 kWh/j');
    expect(draft.ntr).toBe(2);
  });

  it('ignores an unknown label and an empty value', () => {
    const draft = emptyDraft();
    expect(applyHeader(draft, 'Couleur du compteur', 'bleu')).toBe(false);
    expect(applyHeader(draft, 'PCE', '')).toBe(false);
    expect(draft.pce).toBeUndefined();
  });
});
