/**
 * What the GRDF data fetched through a mandate (issue #26 §4, ADR 0072) suggests to the invoice audit's review step
 * (ADR 0071, ADR 0076): the option, the CAR, the CJA and the PITD's NTR of the audited PCE, when the user or one of
 * their organisations holds an ACTIVE mandate for it whose contractual or technical data were fetched. The source is
 * named with the PCE and the sync day, and says « Données de démonstration » for the demonstration source.
 */
import { OPERATOR_DEMO_DATA_LABEL } from '@pilote/contracts';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ContractualData, TechnicalData } from '../../adapters/operator-data/types.ts';
import type { Database } from '../../db/client.ts';
import { mandateOperatorAccess, mandates } from '../../db/schema.ts';

export interface OperatorSuggestion {
  /** French, shown as « Proposée d’après … ». */
  from: string;
  demo: boolean;
  tarif: string | null;
  carMwh: number | null;
  cjaMwh: number | null;
  profil: string | null;
  pitdCode: string | null;
}

const DAY = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short' });
const mwh = (kwh: number | null | undefined) => (typeof kwh === 'number' && kwh > 0 ? Math.round(kwh) / 1000 : null);

/** The source's words: whose data, which PCE, when fetched; demonstration data said as such. */
export function operatorSourceText(pce: string, demo: boolean, lastSyncAt: Date | null): string {
  const synced = lastSyncAt ? `synchronisées le ${DAY.format(lastSyncAt)}` : null;
  const notes = [demo ? OPERATOR_DEMO_DATA_LABEL : null, synced].filter((note): note is string => note !== null);
  return `les données GRDF du mandat du PCE ${pce}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
}

/**
 * The fetched data of the newest-synced active mandate for `pce` among the user's and their organisations'
 * mandates (the PCE is encrypted on the mandate; the operator's own data carries it in clear), or null.
 */
export async function operatorSuggestionOf(
  db: Database,
  userId: string,
  organisations: readonly string[],
  pce: string,
): Promise<OperatorSuggestion | null> {
  const a = mandateOperatorAccess;
  const [row] = await db
    .select({ source: a.source, contractual: a.contractual, technical: a.technical, lastSyncAt: a.lastSyncAt })
    .from(a)
    .innerJoin(mandates, eq(mandates.id, a.mandateId))
    .where(
      and(
        eq(mandates.status, 'active'),
        organisations.length > 0
          ? or(eq(mandates.userId, userId), inArray(mandates.organisationId, [...organisations]))
          : eq(mandates.userId, userId),
        or(sql`${a.contractual}->>'pce' = ${pce}`, sql`${a.technical}->>'pce' = ${pce}`),
      ),
    )
    .orderBy(desc(a.lastSyncAt))
    .limit(1);
  if (!row) {
    return null;
  }
  // jsonb columns written by the operator jobs from the adapter's shapes (operator.ts).
  const contractual = row.contractual as ContractualData | null;
  const technical = row.technical as TechnicalData | null;
  const demo = row.source === 'demo';
  return {
    from: operatorSourceText(pce, demo, row.lastSyncAt),
    demo,
    tarif: contractual?.option ?? null,
    carMwh: mwh(contractual?.carKwh),
    cjaMwh: mwh(contractual?.cjaKwhPerDay),
    profil: contractual?.profil ?? null,
    pitdCode: technical?.pitd?.code ?? null,
  };
}
