import { z } from 'zod';

/**
 * Every list endpoint is paginated the same way (ADR 0020): `?page=&pageSize=`, page numbers from 1, 20 items
 * per page by default, at most 100. The answer is `{ items, total, page, pageSize }` (`total` counts every item,
 * not only this page's). Out-of-range or non-integer values answer 400 with the messages below.
 */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** Far beyond any real list; keeps OFFSET bounded. */
export const PAGE_MAX = 100_000;

export const paginationMessages = {
  page: `Le numéro de page doit être un entier compris entre 1 et ${PAGE_MAX}.`,
  pageSize: `La taille de page doit être un entier compris entre 1 et ${PAGE_SIZE_MAX}.`,
} as const;

export const pageNumberSchema = z.coerce
  .number({ error: paginationMessages.page })
  .int({ error: paginationMessages.page })
  .min(1, { error: paginationMessages.page })
  .max(PAGE_MAX, { error: paginationMessages.page })
  .default(1);

export const pageSizeSchema = z.coerce
  .number({ error: paginationMessages.pageSize })
  .int({ error: paginationMessages.pageSize })
  .min(1, { error: paginationMessages.pageSize })
  .max(PAGE_SIZE_MAX, { error: paginationMessages.pageSize })
  .default(PAGE_SIZE_DEFAULT);

/** `?page=&pageSize=`: extend it for lists with filters (`pageQuerySchema.extend({ q })`). */
export const pageQuerySchema = z.object({ page: pageNumberSchema, pageSize: pageSizeSchema });
export type PageQuery = z.infer<typeof pageQuerySchema>;
/** What a caller may send (both optional). */
export type PageQueryInput = z.input<typeof pageQuerySchema>;

/** `{ items, total, page, pageSize }` around one item schema. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z
      .number()
      .int()
      .min(0)
      .meta({ examples: [28] }),
    page: z
      .number()
      .int()
      .min(1)
      .meta({ examples: [1] }),
    pageSize: z
      .number()
      .int()
      .min(1)
      .meta({ examples: [20] }),
  });
}

export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

/** Row offset of a page (for SQL `OFFSET`). */
export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.pageSize;
}
