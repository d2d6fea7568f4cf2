/** `readTable`'s CSV separator (ADR 0081): the first line that has one decides, a title line may come first. */
import { describe, expect, it } from 'vitest';
import { readTable } from '../src/formats/table.ts';

describe('readTable separator', () => {
  it('a title line without separator does not make a `;` file comma-separated', () => {
    const read = readTable(new TextEncoder().encode('Export du portail\r\nPCE;Montant HT (€)\r\n1;2,50\r\n'), 10);
    expect(read.ok && read.rows).toEqual([['Export du portail'], ['PCE', 'Montant HT (€)'], ['1', '2,50']]);
  });
});
