import { type PublicStoredValue, publicStoredValuesResponseSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { usePublicRead } from '../hooks/use-public-read.ts';

const PAGE_SIZE = 100;
/** A safety bound: far beyond the few values added between two releases. */
const MAX_PAGES = 20;

export const storedTariffValuesQueryKey = ['tariff-data', 'stored-values'] as const;

/** Every page of `GET /api/tariff-data/values` (public): the stored values the engine lays over the packaged ones. */
export async function getStoredTariffValues(): Promise<PublicStoredValue[]> {
  const values: PublicStoredValue[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await api.get('/api/tariff-data/values', {
      query: { page, pageSize: PAGE_SIZE },
      schema: publicStoredValuesResponseSchema,
    });
    values.push(...answer.items);
    if (page * PAGE_SIZE >= answer.total) {
      break;
    }
  }
  return values;
}

export function storedTariffValuesQueryOptions() {
  return queryOptions({ queryKey: storedTariffValuesQueryKey, queryFn: getStoredTariffValues, staleTime: 60_000 });
}

export function useStoredTariffValues() {
  return useQuery(storedTariffValuesQueryOptions());
}

/** The same read for /tarifs-energie (public pages have no query client). */
export function usePublicStoredTariffValues() {
  return usePublicRead(getStoredTariffValues);
}
