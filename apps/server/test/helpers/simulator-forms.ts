/**
 * The acceptance case of issue 4 ("Done means") as the simulator form sends it (French numbers): PITD option T4,
 * CJA 109 MWh/j, février 2026. `code` is a PITD of the imported test table; use {@link PACKAGED_ACCEPTANCE_FORM}
 * with the official table shipped with the server (no import needed, ADR 0051).
 */
export const ACCEPTANCE_FORM = {
  pointDeReseau: 'PITD',
  code: 'GRDF-IDF-0001',
  commune: 'Paris',
  tso: 'NaTran',
  dso: 'GRDF',
  profil: 'P016',
  tarif: 'T4',
  car: '15 466,8',
  cjaMwhj: '109',
  dateEffetMonth: '2026-02',
  honeypot: '',
} as const;

/**
 * The same case on the official PITD table shipped with the server (ADR 0051): GD1057, Paris, NaTran, GRDF, NTR 2,
 * PARIS-MONTSOURIS, as the former sample point ECH-PITD-0001 was, so the amounts are the same.
 */
export const PACKAGED_ACCEPTANCE_FORM = { ...ACCEPTANCE_FORM, code: 'GD1057' } as const;
