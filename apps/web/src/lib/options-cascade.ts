/**
 * The one reconciler of the network options cascade (spec §4 "Simulator", §5 "Optimisation", §7, §9; issue #22 §3,
 * ADR 0059): what an answer of `GET /api/simulator/options/{point}/` does to the form values it was asked for.
 *
 * Stale values are cleared the same way for every form (a code's commune, TSO, DSO, NTR, tariff, profile or month
 * the answer no longer lists; a single choice is taken). What a form fills in when a value is empty differs, and is
 * said by its {@link CascadeRule}: {@link SIMULATOR_CASCADE_RULE}, {@link OPTIMISATION_CASCADE_RULE}.
 */
import { optimisationTarifs, type SimulatorOptionsResponse } from '@pilote/contracts';
import { communesOf, pickListed } from '../features/network-options/index.ts';
import { monthOf } from './month.ts';

/** The fields every cascade form has (as typed: strings, '' = not chosen). */
export type CascadeValues = {
  pointDeReseau: string;
  code: string;
  commune: string;
  tso: string;
  tarif: string;
  profil: string;
  dateEffetMonth: string;
};

/** The PITD fields of the simulator: followed when the values have them. */
type PitdFields = { dso: string; ntr: string };

export type CascadeRule = {
  /** A complete answer with a single code: `choose` it, or `leave` the code to the user. */
  singleCode: 'choose' | 'leave';
  /**
   * An empty TSO (the operator must be one the answer lists):
   * - `first-commune`: the operator of the code's first commune (PITD; a LI or PIC commune has none);
   * - `chosen-commune-or-first-listed`: for a PITD the chosen commune's operator, else the first commune's; for a
   *   PIC the first listed operator (with a code chosen).
   */
  tsoDefault: 'first-commune' | 'chosen-commune-or-first-listed';
  /**
   * An empty date of effect (a single month is always taken):
   * - `current-month`: the user's current month when the grids cover it, else left empty (the server's default);
   * - `current-else-latest-covered`: else the latest covered month before it, else the first covered month.
   */
  monthDefault: 'current-month' | 'current-else-latest-covered';
  /** The tariffs the form offers out of the answer's. */
  tarifs: (options: SimulatorOptionsResponse) => readonly string[];
};

/** The simulator: its defaults leave the choice to the user unless one value is certain. */
export const SIMULATOR_CASCADE_RULE: CascadeRule = {
  singleCode: 'choose',
  tsoDefault: 'first-commune',
  monthDefault: 'current-month',
  tarifs: (options) => options.tarifs,
};

/**
 * The optimisation: every field the optimiser needs gets a value it can compute with (the server's own month
 * default fails when the grids stop earlier); a PITD is optimised on T4 or TP only (spec §5).
 */
export const OPTIMISATION_CASCADE_RULE: CascadeRule = {
  singleCode: 'leave',
  tsoDefault: 'chosen-commune-or-first-listed',
  monthDefault: 'current-else-latest-covered',
  tarifs: (options) =>
    options.point === 'PITD'
      ? options.tarifs.filter((tarif) => (optimisationTarifs as readonly string[]).includes(tarif))
      : options.tarifs,
};

/** The only month, else the current month if offered, else the latest offered month before it, else the first. */
export function latestCoveredMonth(months: readonly string[], currentMonth: string): string {
  if (months.length === 1 || months.includes(currentMonth)) {
    return months.length === 1 ? (months[0] ?? '') : currentMonth;
  }
  const before = months.filter((month) => month < currentMonth).sort();
  return before[before.length - 1] ?? [...months].sort()[0] ?? '';
}

/** The NTR values the user must choose between for `code` × `commune` (empty: the table gives one NTR). */
export function ntrChoicesOf(options: SimulatorOptionsResponse | undefined, code: string, commune: string): number[] {
  const entry = options?.pitdCommunesIndex?.find((item) => item.code === code);
  const row = entry?.communes.find((item) => item.commune === commune);
  return row?.ntrChoices && row.ntrChoices.length > 1 ? row.ntrChoices : [];
}

function hasPitdFields(values: CascadeValues): values is CascadeValues & PitdFields {
  return 'dso' in values && 'ntr' in values;
}

function defaultTso(options: SimulatorOptionsResponse, values: CascadeValues, rule: CascadeRule): string {
  const communes = communesOf(options, values.code);
  let tso: string | null | undefined;
  if (rule.tsoDefault === 'first-commune') {
    tso = options.point === 'LI' ? undefined : communes[0]?.tso;
  } else if (values.code !== '' && options.point === 'PITD') {
    tso = (communes.find((item) => item.commune === values.commune) ?? communes[0])?.tso;
  } else if (values.code !== '' && options.point === 'PIC') {
    tso = options.tso[0];
  }
  return tso && options.tso.includes(tso) ? tso : '';
}

/**
 * Applies an options answer to the values it was asked for (an answer for another point changes nothing).
 * Returns `values` itself when nothing changes, so a React state update bails out and the cascade settles.
 */
export function reconcileCascade<V extends CascadeValues>(
  values: V,
  options: SimulatorOptionsResponse | undefined,
  rule: CascadeRule,
  /** The user's current month (issue 11). */
  currentMonth: string = monthOf(new Date()),
): V {
  if (!options || values.pointDeReseau === '' || options.point !== values.pointDeReseau) {
    return values;
  }
  const next: V = { ...values };
  const onlyCode = options.codes.length === 1 && !options.truncated ? options.codes[0] : undefined;
  if (rule.singleCode === 'choose' && next.code === '' && onlyCode) {
    next.code = onlyCode.code;
  }
  next.commune = pickListed(
    next.commune,
    communesOf(options, next.code).map((item) => item.commune),
  );
  next.tso = pickListed(next.tso, options.tso);
  if (next.tso === '') {
    next.tso = defaultTso(options, next, rule);
  }
  if (options.point === 'PITD' && hasPitdFields(next)) {
    next.dso = pickListed(next.dso, options.dso);
    // Two NTR values marked « (*) » for the chosen commune: keep the user's choice if listed (ADR 0051).
    next.ntr = pickListed(next.ntr, ntrChoicesOf(options, next.code, next.commune).map(String));
  }
  next.tarif = pickListed(next.tarif, rule.tarifs(options));
  next.profil = pickListed(next.profil, options.profils);
  next.dateEffetMonth = pickListed(next.dateEffetMonth, options.months);
  if (next.dateEffetMonth === '' && options.months.length > 0) {
    if (options.months.includes(currentMonth)) {
      next.dateEffetMonth = currentMonth;
    } else if (rule.monthDefault === 'current-else-latest-covered') {
      next.dateEffetMonth = latestCoveredMonth(options.months, currentMonth);
    }
  }
  const changed = (Object.keys(next) as (keyof V)[]).some((key) => next[key] !== values[key]);
  return changed ? next : values;
}
