import { type LineSourceDto, type SimulationResultDto, sourceList } from '@pilote/contracts';

type StoredLine = Record<string, unknown> & { sources?: readonly LineSourceDto[] };

/**
 * The result of a stored simulation (`simulations.result`) in today's shape, whatever the row's age: THE reader of
 * that column (the repository calls it on every row it returns; ADR 0041). Rows written since ADR 0041 hold each
 * source once (`sources`, lines pointing with `sourceIndices`) and are returned as they are; older rows carry their
 * sources on every line (`lignes[].sources`) and are turned into the shared list here, on read, so the PDF report
 * and the assistant see one shape. Other fields are not touched (those added later stay optional in the schema).
 */
export function readStoredResult(stored: unknown): SimulationResultDto {
  const result = stored as Record<string, unknown>;
  const shaped = Array.isArray(result.sources) ? result : withSharedSources(result);
  // The one cast of this column (ADR 0054): not parsed with simulationResultSchema, because rows written by older
  // versions (and by tests) need not satisfy today's schema and must read back as written, unstripped.
  return shaped as unknown as SimulationResultDto;
}

function withSharedSources(result: Record<string, unknown>): Record<string, unknown> {
  const lines = (Array.isArray(result.lignes) ? result.lignes : []) as StoredLine[];
  const shared = sourceList();
  const lignes = lines.map(({ sources, ...line }) => ({ ...line, sourceIndices: shared.indicesOf(sources ?? []) }));
  return { ...result, lignes, sources: shared.sources };
}
