/**
 * Reads a stream of JSON objects as they arrive: ADICT answers `application/x-ndjson` (one object a line), its
 * sandbox has answered the same objects pretty-printed and glued together (`}{`, see lowatt-grdf's `StagingAPI`), and
 * a plain JSON array is read too. Top-level objects are cut out by counting braces outside strings, so an object is
 * handed over as soon as its last byte arrives and a long answer never sits whole in memory.
 */
export async function* jsonObjects(
  body: AsyncIterable<Uint8Array>,
  maxObjectChars = 1_000_000,
): AsyncGenerator<Record<string, unknown>> {
  const decoder = new TextDecoder();
  let current = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  for await (const chunk of body) {
    const text = decoder.decode(chunk, { stream: true });
    let start = depth > 0 ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const char = text[i];
      if (depth === 0) {
        if (char === '{') {
          depth = 1;
          start = i;
          current = '';
        }
        // Whitespace, newlines, commas and the brackets of an array between objects are skipped.
        continue;
      }
      if (inString) {
        if (escaped) {
          escaped = false;
        } else if (char === '\\') {
          escaped = true;
        } else if (char === '"') {
          inString = false;
        }
        continue;
      }
      if (char === '"') {
        inString = true;
      } else if (char === '{') {
        depth++;
      } else if (char === '}') {
        depth--;
        if (depth === 0) {
          const objectText = current + text.slice(start, i + 1);
          current = '';
          start = -1;
          yield JSON.parse(objectText) as Record<string, unknown>;
        }
      }
    }
    if (depth > 0 && start >= 0) {
      current += text.slice(start);
      if (current.length > maxObjectChars) {
        throw new Error(`Objet JSON de plus de ${maxObjectChars} caractères dans la réponse`);
      }
    }
  }
  if (depth > 0) {
    throw new Error('Réponse JSON tronquée');
  }
}
