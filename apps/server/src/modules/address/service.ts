import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ADDRESS_SEARCH, type AddressSearchResponse, type AddressSuggestion } from '@pilote/contracts';
import { normaliseCommuneName } from '../reference-data/communes.ts';

/**
 * Address suggestions of the mandate wizard (step 2): the national address base (BAN) search API, with a timeout
 * and a short cache; when BAN cannot be reached (timeout, network, non-2xx, malformed answer), postal codes and
 * communes from @etalab/decoupage-administratif (ADR 0031).
 */

export interface AddressSearchDependencies {
  /** BAN's `/search/` URL (ADDRESS_SEARCH_URL). */
  url: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => number;
  logger: { warn(object: Record<string, unknown>, message: string): void };
}

const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 500;
const KINDS = new Set(['housenumber', 'street', 'locality', 'municipality']);

interface BanFeature {
  properties?: {
    label?: unknown;
    name?: unknown;
    postcode?: unknown;
    city?: unknown;
    citycode?: unknown;
    type?: unknown;
  };
}

function fromBan(body: unknown): AddressSuggestion[] | null {
  const features = (body as { features?: unknown })?.features;
  if (!Array.isArray(features)) {
    return null;
  }
  const results: AddressSuggestion[] = [];
  for (const feature of features as BanFeature[]) {
    const p = feature?.properties;
    if (!p || typeof p.label !== 'string' || typeof p.postcode !== 'string' || typeof p.city !== 'string') {
      continue;
    }
    const kind = typeof p.type === 'string' && KINDS.has(p.type) ? (p.type as AddressSuggestion['kind']) : 'locality';
    results.push({
      label: p.label,
      address: typeof p.name === 'string' ? p.name : p.label,
      postal_code: p.postcode,
      city: p.city,
      citycode: typeof p.citycode === 'string' ? p.citycode : null,
      kind,
    });
  }
  return results.slice(0, ADDRESS_SEARCH.limit);
}

interface CommuneEntry {
  nom: string;
  code: string;
  codesPostaux: string[];
  normalised: string;
}

let communes: CommuneEntry[] | undefined;

/** Current communes with their postal codes (loaded once, on the first fallback). */
function communeIndex(): CommuneEntry[] {
  if (!communes) {
    const require = createRequire(import.meta.url);
    const records = JSON.parse(
      readFileSync(require.resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8'),
    ) as { nom: string; code: string; type: string; codesPostaux?: string[] }[];
    communes = records
      .filter((record) => record.type === 'commune-actuelle' && (record.codesPostaux?.length ?? 0) > 0)
      .map((record) => ({
        nom: record.nom,
        code: record.code,
        codesPostaux: record.codesPostaux ?? [],
        normalised: normaliseCommuneName(record.nom),
      }));
  }
  return communes;
}

/** Postal code prefix (digits) or commune name prefix / words; postal code and commune only. */
export function communeSuggestions(query: string): AddressSuggestion[] {
  const digits = /\b(\d{2,5})\b/.exec(query)?.[1];
  const words = normaliseCommuneName(query.replace(/\d+/g, ' '));
  const results: AddressSuggestion[] = [];
  for (const commune of communeIndex()) {
    if (words !== '' && !commune.normalised.startsWith(words) && !commune.normalised.includes(` ${words}`)) {
      continue;
    }
    for (const postalCode of commune.codesPostaux) {
      if (digits && !postalCode.startsWith(digits)) {
        continue;
      }
      if (!digits && words === '') {
        continue;
      }
      results.push({
        label: `${postalCode} ${commune.nom}`,
        address: '',
        postal_code: postalCode,
        city: commune.nom,
        citycode: commune.code,
        kind: 'municipality',
      });
      if (results.length >= ADDRESS_SEARCH.limit) {
        return results;
      }
    }
  }
  return results;
}

export function createAddressSearch(deps: AddressSearchDependencies) {
  const cache = new Map<string, { at: number; value: AddressSearchResponse }>();
  const now = deps.now ?? Date.now;
  const doFetch = deps.fetch ?? fetch;

  async function ban(query: string): Promise<AddressSuggestion[] | null> {
    const url = new URL(deps.url);
    url.searchParams.set('q', query);
    url.searchParams.set('limit', String(ADDRESS_SEARCH.limit));
    url.searchParams.set('autocomplete', '1');
    try {
      const response = await doFetch(url, {
        signal: AbortSignal.timeout(deps.timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) {
        deps.logger.warn({ status: response.status }, 'BAN address search answered an error; communes fallback');
        return null;
      }
      const results = fromBan(await response.json());
      if (!results) {
        deps.logger.warn({}, 'BAN address search answered no feature list; communes fallback');
      }
      return results;
    } catch (error) {
      deps.logger.warn({ err: error }, 'BAN address search unreachable; communes fallback');
      return null;
    }
  }

  return {
    async search(q: string): Promise<AddressSearchResponse> {
      const key = q.trim().toLowerCase().replace(/\s+/g, ' ');
      const hit = cache.get(key);
      if (hit && now() - hit.at < CACHE_TTL_MS) {
        return hit.value;
      }
      const results = await ban(key);
      const value: AddressSearchResponse =
        results === null ? { results: communeSuggestions(key), source: 'communes' } : { results, source: 'ban' };
      // Only BAN answers are cached: a fallback is retried against BAN on the next keystroke.
      if (results !== null) {
        if (cache.size >= CACHE_MAX) {
          cache.delete(cache.keys().next().value as string);
        }
        cache.set(key, { at: now(), value });
      }
      return value;
    },
  };
}

export type AddressSearch = ReturnType<typeof createAddressSearch>;
