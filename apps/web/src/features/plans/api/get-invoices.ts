import { invoicePageSchema } from '@pilote/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const invoicesKey = ['payments', 'invoices'] as const;

/** `GET /api/payments/invoices/?page=`: the active organisation's invoices, newest first (ADR 0078). */
export function invoicesQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...invoicesKey, page],
    queryFn: () => api.get(`/api/payments/invoices/?page=${page}&pageSize=10`, { schema: invoicePageSchema }),
  });
}

export function useInvoices(page: number) {
  return useQuery(invoicesQueryOptions(page));
}

/** The PDF of an invoice: a plain link (the session cookie goes with it; the server draws it in its worker pool). */
export function invoicePdfUrl(id: string): string {
  return `/api/payments/invoices/${encodeURIComponent(id)}/pdf`;
}
