/**
 * The tariff grid file reader (ADR 0025) cuts its CSV with the readers package's tokenizer (issue #22 §2, ADR 0053):
 * a quoted field may hold the separator or a quote. It used to split every line on « ; » by hand, so a note
 * « "Révision; délibération 2026" » gave nine columns and the file was refused.
 */
import { GRID_CSV_HEADER } from '@pilote/contracts';
import { describe, expect, it } from 'vitest';
import { parseGridFile } from '../src/modules/tariff-data/grid-file.ts';

const HEADER = GRID_CSV_HEADER.join(';');
const TITLE = 'Délibération CRE n° 2025-100';
const URL = 'https://www.cre.fr/documents/deliberations/2025-100';

describe('grid file CSV', () => {
  it('reads a quoted field holding « ; » and doubled quotes as one field', () => {
    const csv = [
      HEADER,
      `atrd7.grdf.t1.abonnement;2026-12-01;60,12;€/an;officielle;"${TITLE}; annexe 2";${URL};"Révision; dite ""d'hiver"""`,
    ].join('\r\n');
    const result = parseGridFile('csv', csv);
    expect(result).toEqual({
      ok: true,
      values: [
        {
          parameterId: 'atrd7.grdf.t1.abonnement',
          from: '2026-12-01',
          value: 60.12,
          unit: '€/an',
          status: 'official',
          references: [{ title: `${TITLE}; annexe 2`, url: URL, publishedOn: null }],
          notes: 'Révision; dite "d\'hiver"',
        },
      ],
    });
  });

  it('reads a BOM, a quoted header cell and unquoted lines as before', () => {
    const csv = `\uFEFF"parametre";${HEADER.slice('parametre;'.length)}\natrd7.grdf.t1.proportionnel;2026-12-01;47,5;€/MWh;officielle;${TITLE};${URL};\n\n`;
    const result = parseGridFile('csv', csv);
    expect(result.ok && result.values.map((v) => [v.parameterId, v.value, v.notes])).toEqual([
      ['atrd7.grdf.t1.proportionnel', 47.5, null],
    ]);
  });

  it('names the line of a quote left open, and still counts columns', () => {
    const csv = [
      HEADER,
      `atrd7.grdf.t1.abonnement;2026-12-01;60,12;€/an;officielle;"${TITLE};${URL};`,
      `atrd7.grdf.t1.abonnement;2026-12-01;60,12;€/an;officielle;${TITLE};${URL}`,
    ].join('\n');
    expect(parseGridFile('csv', csv)).toEqual({
      ok: false,
      errors: [
        { line: 2, message: 'guillemet non fermé.' },
        { line: 3, message: '8 colonnes attendues, 7 trouvées.' },
      ],
    });
  });
});
