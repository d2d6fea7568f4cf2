/**
 * The ATRD7 yearly update rule, as code (délibération CRE n° 2024-40 §5.2.2.1.1):
 * - each term except Rf = reference grid × Y_N, with Y_N = Y_{N−1} × (1 + Z_N) rounded to 4 decimals, Y2024 = 1;
 * - annual subscriptions (hors Rf), capacity and distance terms « sont arrondis afin d'être divisibles par 12
 *   au centime près »: multiples of 0.12 €, the nearest one;
 * - proportional terms (€/MWh) are rounded to the cent;
 * - the published subscription adds the Rf term of the year.
 * The data modules keep literal values (OpenFisca style); the tests rebuild them with this rule.
 */

/** Rounds a euro amount to the nearest multiple of 0.12 € (divisible by 12 at the cent). */
export function roundToTwelveCents(euros: number): number {
  if (!Number.isFinite(euros)) {
    throw new RangeError(`Montant invalide : ${euros}`);
  }
  // Work in hundredths of a cent-dozen: a small epsilon keeps binary noise (e.g. 143.9999999) on the right side.
  const dozens = Math.round((euros * 100) / 12 + 1e-9);
  return (dozens * 12) / 100;
}

/** Rounds to the cent. */
export function roundToCent(euros: number): number {
  return Math.round(euros * 100 + 1e-9) / 100;
}

/** Y_N = Y_{N−1} × (1 + Z_N), rounded to 4 decimals. */
export function nextIndex(previous: number, z: number): number {
  return Math.round(previous * (1 + z) * 10_000 + 1e-9) / 10_000;
}

/** One option's reference terms (hors Rf). Absent terms do not exist for that option. */
export interface Atrd7ReferenceTerms {
  readonly abonnementHorsRf: number;
  readonly proportionnel?: number;
  readonly capaciteJusqua500?: number;
  readonly capaciteAuDela500?: number;
  readonly capacite?: number;
  readonly distance?: number;
}

export type Atrd7ReferenceGrid = Readonly<Record<'T1' | 'T2' | 'T3' | 'T4' | 'TP', Atrd7ReferenceTerms>>;

/** Reference grid of 1 July 2024 (= the 2024 grid hors Rf), délib. 2024-40 §5.2.1; reference of the 2025 update. */
export const ATRD7_REFERENCE_GRID_2024: Atrd7ReferenceGrid = {
  T1: { abonnementHorsRf: 42.72, proportionnel: 42.37 },
  T2: { abonnementHorsRf: 166.68, proportionnel: 11.39 },
  T3: { abonnementHorsRf: 1127.88, proportionnel: 8.19 },
  T4: { abonnementHorsRf: 20366.4, proportionnel: 1.11, capaciteJusqua500: 271.56, capaciteAuDela500: 135.72 },
  TP: { abonnementHorsRf: 48667.44, capacite: 135.48, distance: 88.92 },
};

/** Reference grid of 1 July 2026 and 2027 (new T3 split), délib. 2024-40 §5.2.2.1.3. */
export const ATRD7_REFERENCE_GRID_2026: Atrd7ReferenceGrid = {
  ...ATRD7_REFERENCE_GRID_2024,
  T3: { abonnementHorsRf: 1560.96, proportionnel: 6.74 },
};

/** Index Y2025 = 1 × (1 + 6.06 %): IPC 1.15 % + X 1.91 % + k 3 % (CRE, 1 July 2025). */
export const ATRD7_Y2025 = nextIndex(1, 0.0606);

/**
 * Index Y2026 = 1.0606 × (1 + 5.86 %) = 1.122751… → 1.1228 (ADR 0050). The deliberation was not read: Y2026 is the
 * only 4-decimal index that rebuilds every value observed in a secondary source (T1–T3 subscriptions and
 * proportional terms, T4 proportional term) with one Rf shared by T1 and T2; Z = 5.86 % is the top of the range
 * the CRE consulted on (+2.9 % to +5.9 %, ../shared/reference/gas-tariffs-2026-h2.md §1.2, §1.5).
 */
export const ATRD7_Y2026 = nextIndex(ATRD7_Y2025, 0.0586);

/**
 * Rf term (€/an) by option: 2024 official; 2025 derived as published subscription − subscription hors Rf; 2026
 * derived the same way from the subscriptions observed in a secondary source (T1, T2: 9.48; T3: 106.08, taken for
 * T4 and TP too, as every year).
 */
export const ATRD7_RF = {
  2024: { T1: 9.24, T2: 9.24, T3: 103.2, T4: 103.2, TP: 103.2 },
  2025: { T1: 9.36, T2: 9.36, T3: 105.12, T4: 105.12, TP: 105.12 },
  2026: { T1: 9.48, T2: 9.48, T3: 106.08, T4: 106.08, TP: 106.08 },
} as const;

/** Terme de débit normalisé of the 2026 reference grid (€/an per Nm³/h), délib. 2024-40 §5.2.2.1.3. */
export const ATRD7_REFERENCE_TDN_2026 = 5.1;

/**
 * A non-péréqué concession's term (délib. CRE 2018-028, restated in 2026-48): the péréqué term hors Rf × the
 * concession's coefficient NIV, « défini[s] avec deux chiffres après la virgule » — rounded to the cent.
 */
export function applyNiv(termHorsRf: number, niv: number): number {
  return roundToCent(termHorsRf * niv);
}

/** The terms of one year: reference × Y rounded by the official rule, the subscription with its Rf. */
export function indexAtrd7Grid(
  reference: Atrd7ReferenceGrid,
  y: number,
  rf: Readonly<Record<keyof Atrd7ReferenceGrid, number>>,
): Record<keyof Atrd7ReferenceGrid, Record<keyof Atrd7ReferenceTerms | 'abonnement', number>> {
  const out = {} as Record<keyof Atrd7ReferenceGrid, Record<string, number>>;
  for (const option of Object.keys(reference) as (keyof Atrd7ReferenceGrid)[]) {
    const terms = reference[option];
    const row: Record<string, number> = {};
    for (const [term, value] of Object.entries(terms) as [keyof Atrd7ReferenceTerms, number][]) {
      row[term] = term === 'proportionnel' ? roundToCent(value * y) : roundToTwelveCents(value * y);
    }
    row.abonnement = roundToCent((row.abonnementHorsRf ?? 0) + rf[option]);
    out[option] = row;
  }
  return out as Record<keyof Atrd7ReferenceGrid, Record<keyof Atrd7ReferenceTerms | 'abonnement', number>>;
}
