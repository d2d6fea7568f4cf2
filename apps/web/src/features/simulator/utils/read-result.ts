/**
 * Reads a simulation answer robustly (spec §3 "Simulator result fields read"): values are searched by
 * case-insensitive names, nested up to 6 levels (so also under a 'Résultat' / 'resultat' wrapper); when only the
 * monthly or only the annual value exists the other is derived (annual = monthly × 12, monthly = annual / 12);
 * numbers may be strings with comma decimals and spaces; the PDF link is looked up under pdfUrl, pdf_url,
 * pdfSignedUrl, pdfLink, pdf, link, url, or any string URL whose key mentions "pdf". Pure.
 */
import { estimatedGridsNotice } from '@pilote/contracts';
import { parseFrenchNumber } from '../../../lib/format.ts';

export const MAX_RESULT_DEPTH = 6;

export const fixedTerms = [
  'abonnement',
  'termeDistribution',
  'termeTransport',
  'compensationStockage',
  'ctaTso',
  'ctaDso',
  'ctaTotal',
  'totalFixe',
] as const;
export type FixedTerm = (typeof fixedTerms)[number];

export const perMwhTerms = ['ticgn', 'cee', 'termeProportionnel'] as const;
export type PerMwhTerm = (typeof perMwhTerms)[number];

export type ResultSource = {
  title: string;
  url: string | null;
  publishedOn: string | null;
  status: string | null;
  /** Why an estimate is one (`secondarySource`, `atrd7Formula`, `carriedOver`, ADR 0050), when the answer says. */
  basis: string | null;
};

export type ResultLine = {
  id: string;
  category: string | null;
  kind: 'fixe' | 'parMwh' | null;
  label: string;
  formula: string | null;
  unitPrice: number | null;
  unit: string | null;
  monthlyAmount: number | null;
  annualAmount: number | null;
  sources: ResultSource[];
  isEstimate: boolean;
};

export type SimulationReading = {
  monthly: Record<FixedTerm, number | null>;
  annual: Record<FixedTerm, number | null>;
  perMwh: Record<PerMwhTerm, number | null>;
  lines: ResultLine[];
  warnings: string[];
  gridDates: { key: string; date: string }[];
  usedSampleData: boolean;
  /**
   * The attributions of the official reference tables the result used (PITD table, Zi table shipped with the
   * server: `referentiel.pitdDataset.provenance.attribution`, ADR 0051), once each.
   */
  referenceSources: string[];
  /** The « grille estimée » banner text, or null (results of grids past their last sourced value). */
  estimatedGridsNotice: string | null;
  hasEstimates: boolean;
  dateEffet: string | null;
  pdfUrl: string | null;
  /** When the signed PDF link expires (ms since the epoch), if the answer says. */
  pdfUrlExpiresAt: number | null;
  /** The stored simulation's id (to ask for a fresh PDF link), if the answer gives it. */
  simulationId: string | null;
};

/** The official tables' attributions of `referentiel.pitdDataset` / `ziDataset` (ADR 0051), once each. */
function referenceSourcesOf(raw: unknown): string[] {
  const referentiel = findByKey(raw, ['referentiel'], asObject);
  const attributions = ['pitdDataset', 'ziDataset'].flatMap((key) => {
    const provenance = asObject(asObject(referentiel?.[key])?.provenance);
    const attribution = provenance ? text(provenance.attribution) : null;
    return attribution ? [attribution] : [];
  });
  return [...new Set(attributions)];
}

/** Lower case, no accents, no separators: "Terme_Distribution" → "termedistribution", "Résultat" → "resultat". */
export function normaliseKey(key: string): string {
  return key
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Breadth first (shallow matches win), objects only (arrays such as the lines are not searched), at most
 * `MAX_RESULT_DEPTH` levels below `root`: the first value whose key is one of `names` and that `accept` takes.
 */
export function findByKey<T>(
  root: unknown,
  names: readonly string[],
  accept: (value: unknown, key: string) => T | undefined,
  maxDepth = MAX_RESULT_DEPTH,
): T | undefined {
  const wanted = new Set(names.map(normaliseKey));
  let level: Json[] = isObject(root) ? [root] : [];
  for (let depth = 1; depth <= maxDepth && level.length > 0; depth += 1) {
    const next: Json[] = [];
    for (const node of level) {
      for (const [key, value] of Object.entries(node)) {
        if (wanted.has(normaliseKey(key))) {
          const accepted = accept(value, key);
          if (accepted !== undefined) {
            return accepted;
          }
        }
        if (isObject(value)) {
          next.push(value);
        }
      }
    }
    level = next;
  }
  return undefined;
}

/** A number, or a string such as "1 234,56", "1234.56" or "21 705,72 €". */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : null;
  }
  if (typeof value !== 'string') {
    return null;
  }
  return parseFrenchNumber(value.replace(/€|eur(os?)?\b/gi, '').trim());
}

const asNumber = (value: unknown) => readNumber(value) ?? undefined;
const asObject = (value: unknown) => (isObject(value) ? value : undefined);

const fixedNames: Record<FixedTerm, string[]> = {
  abonnement: ['abonnement', 'subscription'],
  termeDistribution: ['termeDistribution', 'termeDeDistribution', 'distribution'],
  termeTransport: ['termeTransport', 'termeDeTransport', 'transport'],
  compensationStockage: ['compensationStockage', 'stockage', 'storage'],
  ctaTso: ['ctaTso', 'ctaTransport'],
  ctaDso: ['ctaDso', 'ctaDistribution'],
  ctaTotal: ['ctaTotal', 'totalCta', 'cta'],
  totalFixe: ['totalFixe', 'totalFixes', 'total'],
};

const perMwhNames: Record<PerMwhTerm, string[]> = {
  ticgn: ['ticgn', 'accise', 'acciseGaz'],
  cee: ['cee', 'coutCee'],
  termeProportionnel: ['termeProportionnel', 'proportionnel'],
};

const monthlyContainers = ['mensuel', 'mensuels', 'mensuelle', 'monthly', 'parMois', 'mois', 'month'];
const annualContainers = ['annuel', 'annuels', 'annuelle', 'annual', 'yearly', 'parAn', 'an', 'year'];
const perMwhContainers = ['parMwh', 'perMwh', 'eurParMwh', 'unitaires', 'prixUnitaires'];

/** "abonnement" with suffixes → "abonnementMensuel", "abonnement_mensuel", "mensuelAbonnement"… */
function flatNames(names: readonly string[], periods: readonly string[]): string[] {
  return names.flatMap((name) => periods.flatMap((period) => [`${name}${period}`, `${period}${name}`]));
}

function readPeriod(root: unknown, containers: readonly string[], term: FixedTerm): number | null {
  const names = fixedNames[term];
  const container = findByKey(root, containers, asObject);
  const inside = container ? findByKey(container, names, asNumber) : undefined;
  return inside ?? findByKey(root, flatNames(names, containers), asNumber) ?? null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

const pdfKeys = ['pdfUrl', 'pdf_url', 'pdfSignedUrl', 'pdfLink', 'pdf', 'link', 'url'];

/** Only links the browser may follow safely: same-origin paths and http(s) URLs. */
export function isUsableLink(value: unknown): value is string {
  if (typeof value !== 'string') {
    return false;
  }
  const link = value.trim();
  return (link.startsWith('/') && !link.startsWith('//')) || /^https?:\/\/\S+$/i.test(link);
}

export function findPdfUrl(root: unknown): string | null {
  const asLink = (value: unknown) => (isUsableLink(value) ? value.trim() : undefined);
  for (const key of pdfKeys) {
    const found = findByKey(root, [key], asLink);
    if (found) {
      return found;
    }
  }
  // Any string URL whose key mentions "pdf".
  let level: Json[] = isObject(root) ? [root] : [];
  for (let depth = 1; depth <= MAX_RESULT_DEPTH && level.length > 0; depth += 1) {
    const next: Json[] = [];
    for (const node of level) {
      for (const [key, value] of Object.entries(node)) {
        if (normaliseKey(key).includes('pdf') && isUsableLink(value)) {
          return value.trim();
        }
        if (isObject(value)) {
          next.push(value);
        }
      }
    }
    level = next;
  }
  return null;
}

function text(value: unknown): string | null {
  if (typeof value === 'string') {
    return value.trim() === '' ? null : value;
  }
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
}

function readSources(value: unknown): ResultSource[] {
  const items = Array.isArray(value) ? value : isObject(value) ? [value] : [];
  return items.flatMap((item): ResultSource[] => {
    if (typeof item === 'string') {
      return [{ title: item, url: isUsableLink(item) ? item : null, publishedOn: null, status: null, basis: null }];
    }
    if (!isObject(item)) {
      return [];
    }
    const url = isUsableLink(item.url) ? item.url : null;
    const title = text(item.title) ?? text(item.titre) ?? url;
    return title
      ? [{ title, url, publishedOn: text(item.publishedOn), status: text(item.status), basis: text(item.basis) }]
      : [];
  });
}

const asArray = (value: unknown) => (Array.isArray(value) ? value : undefined);

/**
 * A line's sources: positions in the result's shared `sources` list (`sourceIndices`, ADR 0041), or, in answers
 * that carry them on every line (before ADR 0041, or another server), the line's own `sources` / `source`.
 */
function lineSources(item: Json, shared: readonly unknown[]): ResultSource[] {
  if (Array.isArray(item.sourceIndices)) {
    return item.sourceIndices.flatMap((index) =>
      Number.isInteger(index) && index >= 0 ? readSources(shared[index as number]) : [],
    );
  }
  return readSources(item.sources ?? item.source);
}

function readLines(root: unknown): ResultLine[] {
  const list = findByKey(root, ['lignes', 'lines'], asArray) ?? [];
  const shared = findByKey(root, ['sources'], asArray) ?? [];
  return list.flatMap((item, index): ResultLine[] => {
    if (!isObject(item)) {
      return [];
    }
    const label = text(item.label) ?? text(item.libelle);
    if (!label) {
      return [];
    }
    const monthly = readNumber(item.monthlyAmount ?? item.mensuel);
    const annual = readNumber(item.annualAmount ?? item.annuel);
    const sources = lineSources(item, shared);
    return [
      {
        id: text(item.id) ?? `ligne-${index + 1}`,
        category: text(item.category),
        kind: item.kind === 'fixe' || item.kind === 'parMwh' ? item.kind : null,
        label,
        formula: text(item.formula) ?? text(item.formule),
        unitPrice: readNumber(item.unitPrice ?? item.prixUnitaire),
        unit: text(item.unit) ?? text(item.unite),
        monthlyAmount: monthly ?? (annual === null ? null : round2(annual / 12)),
        annualAmount: annual ?? (monthly === null ? null : round2(monthly * 12)),
        sources,
        isEstimate: item.isEstimate === true || sources.some((source) => source.status === 'estimate'),
      },
    ];
  });
}

function readExpiry(value: unknown): number | null {
  if (typeof value !== 'string') {
    return null;
  }
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

export function readSimulationResult(raw: unknown): SimulationReading {
  const monthly = {} as Record<FixedTerm, number | null>;
  const annual = {} as Record<FixedTerm, number | null>;
  for (const term of fixedTerms) {
    const month = readPeriod(raw, monthlyContainers, term);
    const year = readPeriod(raw, annualContainers, term);
    monthly[term] = month ?? (year === null ? null : round2(year / 12));
    annual[term] = year ?? (month === null ? null : round2(month * 12));
  }
  const perMwhContainer = findByKey(raw, perMwhContainers, asObject);
  const perMwh = {} as Record<PerMwhTerm, number | null>;
  for (const term of perMwhTerms) {
    const names = perMwhNames[term];
    perMwh[term] = (perMwhContainer ? findByKey(perMwhContainer, names, asNumber) : undefined) ?? null;
    if (perMwh[term] === null) {
      perMwh[term] = findByKey(raw, [...flatNames(names, ['parMwh', 'perMwh']), ...names], asNumber) ?? null;
    }
  }
  const lines = readLines(raw);
  const warnings =
    findByKey(raw, ['warnings', 'avertissements'], (value) =>
      Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined,
    ) ?? [];
  const gridDatesObject = findByKey(raw, ['gridDates', 'datesGrilles'], asObject) ?? {};
  const gridDates = Object.entries(gridDatesObject).flatMap(([key, value]) =>
    typeof value === 'string' && value !== '' ? [{ key, date: value }] : [],
  );
  const flag = (names: string[]) => findByKey(raw, names, (value) => (typeof value === 'boolean' ? value : undefined));
  return {
    monthly,
    annual,
    perMwh,
    lines,
    warnings,
    gridDates,
    usedSampleData: flag(['usedSampleData']) ?? false,
    referenceSources: referenceSourcesOf(raw),
    estimatedGridsNotice: estimatedGridsNotice(
      findByKey(raw, ['estimatedGrids'], (value) =>
        Array.isArray(value)
          ? value.flatMap((item) => {
              const entry = asObject(item);
              const grid = entry ? text(entry.grid) : null;
              const lastSourcedOn = entry ? text(entry.lastSourcedOn) : null;
              return grid && lastSourcedOn ? [{ grid, lastSourcedOn }] : [];
            })
          : undefined,
      ),
    ),
    hasEstimates: flag(['hasEstimates']) ?? lines.some((line) => line.isEstimate),
    dateEffet: findByKey(raw, ['dateEffet'], (value) => text(value) ?? undefined) ?? null,
    pdfUrl: findPdfUrl(raw),
    pdfUrlExpiresAt: readExpiry(findByKey(raw, ['pdfUrlExpiresAt', 'pdfExpiresAt', 'expiresAt'], (value) => value)),
    simulationId: findByKey(raw, ['simulationId'], (value) => text(value) ?? undefined) ?? null,
  };
}
