/**
 * Pure tariff simulator: yearly and monthly network costs of a gas delivery point at a date of effect.
 * No IO, no clock: the caller passes the date and the reference data (NTR, Zi) it looked up.
 *
 * One builder per family of lines (lines/), each a pure function of the checked input and the dated
 * parameters it reads, composed here in display order (ADR 0021):
 * capacity → ATRD (PITD) → ATRT → storage → CTA → accise → CEE → ATRD proportional term → totals.
 */
import { assertIsoDate, type IsoDate } from '../dates.ts';
import { TariffDomainError } from '../errors.ts';
import type { ParameterOverlay } from '../parameters/overlay.ts';
import { transportCapacity } from './lines/capacity.ts';
import { simulationContext } from './lines/context.ts';
import { ctaLines } from './lines/cta.ts';
import { distributionLines } from './lines/distribution.ts';
import type { DraftLine } from './lines/draft-line.ts';
import { estimatedGrids } from './lines/estimated-grids.ts';
import { storageLine } from './lines/storage.ts';
import { acciseLine, ceeLine } from './lines/taxes.ts';
import { finishLines, fixedTotals } from './lines/totals.ts';
import { transportLines } from './lines/transport.ts';
import type { MontantsParMwh, SimulationInput, SimulationResult } from './types.ts';

/**
 * Simulates the network costs of a delivery point at the date of effect `date` (ISO, normally the first
 * day of the chosen month). Throws {@link TariffInputError}, {@link UnsupportedCombinationError} or
 * {@link TariffDataUnavailableError} (all {@link TariffDomainError}) with French messages.
 */
/** Options of {@link simulate}. */
export interface SimulateOptions {
  /**
   * Stored dated values laid over the packaged parameters (ADR 0025: on the same date the overlay wins). The
   * caller reads them; the engine only merges them.
   */
  readonly overlay?: ParameterOverlay;
}

export function simulate(input: SimulationInput, date: IsoDate, options: SimulateOptions = {}): SimulationResult {
  const { overlay } = options;
  assertIsoDate(date, "date d'effet");
  const warnings: string[] = [];
  if (!date.endsWith('-01')) {
    warnings.push(
      `La date d'effet ${date} n'est pas un premier du mois : les grilles en vigueur ce jour-là sont utilisées.`,
    );
  }
  const ctx = simulationContext(input, date, overlay);

  const capacity = transportCapacity(ctx);
  const distribution = ctx.distributionConnected ? distributionLines(ctx, capacity.capacity) : null;
  const transport = transportLines(ctx, capacity);
  const storage = storageLine(ctx, capacity);
  const cta = ctaLines(
    distribution
      ? {
          kind: 'distribution',
          tarif: ctx.tarif,
          exact: distribution.fixedExact,
          resolved: distribution.fixedResolved,
          estimate: distribution.fixedEstimate,
        }
      : {
          kind: 'transport',
          exact: transport.fixedExact,
          resolved: transport.fixedResolved,
        },
    date,
    overlay,
  );
  const accise = acciseLine(ctx.assiette, date, overlay);
  const cee = ceeLine(ctx.ceeOverride, ctx.assiette, date, overlay);

  const lines: DraftLine[] = [
    ...(distribution?.fixed ?? []),
    ...transport.lines,
    storage.line,
    ...cta.lines,
    accise.line,
    cee.line,
    ...(distribution?.proportional ? [distribution.proportional] : []),
  ];
  warnings.push(...(distribution?.warnings ?? []), ...transport.warnings, ...storage.warnings, ...cta.warnings);

  const lignes = finishLines(lines, ctx.assiette);
  const parMwh: MontantsParMwh = {
    accise: accise.price,
    cee: cee.price,
    termeProportionnel: distribution?.proportionalPrice ?? 0,
  };
  if (ctx.usedSampleData) {
    warnings.unshift(
      `Données de référence d'échantillon utilisées (${ctx.distributionConnected ? 'table des PITD / Zi' : `table des points ${ctx.point}`} non officielle) : résultat indicatif, à ne pas utiliser pour un devis.`,
    );
  }
  const estimated = lignes.filter((l) => l.isEstimate);
  if (estimated.length > 0) {
    warnings.push(`Valeurs estimées (à confirmer) : ${estimated.map((l) => l.label).join(' ; ')}.`);
  }

  return {
    dateEffet: date,
    mensuel: fixedTotals(lines, ctx.assiette, 12),
    annuel: fixedTotals(lines, ctx.assiette, 1),
    parMwh,
    lignes,
    warnings,
    gridDates: {
      atrd: distribution?.gridDate ?? null,
      atrt: transport.gridDate,
      stockage: storage.gridDate,
      cta: cta.gridDate,
      accise: accise.gridDate ?? date,
      cee: cee.gridDate,
    },
    usedSampleData: ctx.usedSampleData,
    hasEstimates: estimated.length > 0,
    estimatedGrids: estimatedGrids(
      lines.flatMap((l) => l.resolved),
      overlay,
    ),
  };
}

/** True when `error` is one of the domain errors `simulate` throws on purpose. */
export function isTariffDomainError(error: unknown): error is TariffDomainError {
  return error instanceof TariffDomainError;
}
