// Worker-thread task of the column mappings (ADR 0085): bytes and the organisation's mappings in, the mapping step's
// answer out (nothing to do, the file rewritten with a mapping, or the header to map). No Fastify, no database here.
import { type ColumnMappingRule, mapTable, type TableMapping } from '@pilote/invoices/mapping';

export function mapColumnsTask(input: {
  bytes: Uint8Array;
  fileName: string;
  columnMappings: readonly ColumnMappingRule[];
}): Promise<TableMapping> {
  return mapTable(input.bytes, input.fileName, input.columnMappings);
}
