import { invoicePageSchema } from '@pilote/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const invoicesKey = ['payments', 'invoices'] as const;

/** `GET /api/payments/invoices/?page=`: the active organisation's invoices, newest first (ADR 0078). */
export function invoicesQueryOptions(page: number, version: string) {
  return queryOptions({
    queryKey: [...invoicesKey, version, page],
    placeholderData: keepPreviousData,
    queryFn: () => api.get(`/api/payments/invoices/?page=${page}&pageSize=10`, { schema: invoicePageSchema }),
  });
}

/** `version`: what a payment changes (the subscription's period, the tier): a new payment reads the list again. */
export function useInvoices(page: number, version: string) {
  return useQuery(invoicesQueryOptions(page, version));
}

/** The PDF of an invoice: a plain link (the session cookie goes with it; the server draws it in its worker pool). */
export function invoicePdfUrl(id: string): string {
  return `/api/payments/invoices/${encodeURIComponent(id)}/pdf`;
}
