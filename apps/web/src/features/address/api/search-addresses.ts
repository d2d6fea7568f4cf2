import { ADDRESS_SEARCH, type AddressSearchResponse, addressSearchResponseSchema } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /api/address/search?q=` → at most 5 suggestions (national address base, or communes when it is down). */
export function searchAddresses(q: string, signal?: AbortSignal): Promise<AddressSearchResponse> {
  return api.get('/api/address/search', { query: { q }, schema: addressSearchResponseSchema, signal });
}

export function addressSearchQueryOptions(q: string) {
  const query = q.trim();
  return queryOptions({
    queryKey: ['address', 'search', query],
    queryFn: ({ signal }) => searchAddresses(query, signal),
    enabled: query.length >= ADDRESS_SEARCH.minChars,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

/** Pass the debounced text (300 ms, `useDebouncedValue`): nothing is asked under 3 characters. */
export function useAddressSearch(debouncedQuery: string) {
  return useQuery(addressSearchQueryOptions(debouncedQuery));
}
