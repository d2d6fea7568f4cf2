/**
 * The reader of ADICT's answers (ADR 0063): NDJSON, the sandbox's pretty-printed objects glued together (`}{`,
 * lowatt-grdf's StagingAPI), a JSON array, objects cut anywhere between chunks, braces and quotes inside strings.
 */
import { describe, expect, it } from 'vitest';
import { jsonObjects } from '../src/adapters/operator-data/json-stream.ts';

/** The text in chunks of `size` bytes (UTF-8 characters cut in the middle too). */
async function* chunks(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) {
    yield bytes.slice(i, i + size);
  }
}

async function read(text: string, size: number) {
  const objects: Record<string, unknown>[] = [];
  for await (const object of jsonObjects(chunks(text, size))) {
    objects.push(object);
  }
  return objects;
}

const a = { id_pce: 'GI000001', message: 'L’opération s’est déroulée « avec succès » {ok}', n: [1, { x: '}' }] };
const b = { code_statut_traitement: '0000000000', escaped: 'un \\"guillemet\\" et \\\\' };

describe('jsonObjects', () => {
  it.each([1, 3, 7, 1000])(
    'reads NDJSON, glued pretty-printed objects and arrays alike, in chunks of %i bytes',
    async (size) => {
      const ndjson = `${JSON.stringify(a)}\n${JSON.stringify(b)}\n`;
      const glued = `${JSON.stringify(a, null, 2)}${JSON.stringify(b, null, 2)}`;
      const array = JSON.stringify([a, b]);
      for (const text of [ndjson, glued, array]) {
        expect(await read(text, size)).toEqual([a, b]);
      }
    },
  );

  it('refuses an answer cut in the middle of an object', async () => {
    await expect(read(`${JSON.stringify(a)}\n{"id_pce": "GI0`, 5)).rejects.toThrow('Réponse JSON tronquée');
  });
});
