/**
 * The acceptance case of issue 4 ("Done means") as the simulator form sends it (French numbers): PITD option T4,
 * CJA 109 MWh/j, février 2026. `code` is a PITD of the imported test table; use {@link SAMPLE_ACCEPTANCE_FORM}
 * with the sample table shipped with @pilote/tariffs (no import needed).
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

/** The same case on the packaged sample PITD table. */
export const SAMPLE_ACCEPTANCE_FORM = { ...ACCEPTANCE_FORM, code: 'ECH-PITD-0001' } as const;
