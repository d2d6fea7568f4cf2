/**
 * PDF decompression pre-check BEFORE PDF.js (issue #21 §1.2, ADR 0045). PDF.js inflates a stream into a buffer
 * that grows until the stream ends, outside V8's heap (an ArrayBuffer: the worker's heap limit does not see it), so
 * a 1.5 MB file whose content stream inflates to 1.5 GB took gigabytes. Here every stream of the file (found by its
 * `stream` keyword, as PDF.js's recovery would, not only through the cross-reference table) is decoded through its
 * filter chain with a streaming decoder that stops at a per-stream cap, and the decoded bytes of the file are summed
 * against a per-file cap: a file beyond either is refused before PDF.js reads it. Decoders that can expand (Flate,
 * LZW, RunLength, Brotli) are bounded; the ASCII ones only shrink; image filters (DCT, JPX, CCITT, JBIG2) end the
 * chain (text extraction never decodes an image). Whatever the dictionary says, data that starts with a zlib header
 * is inflated too (a filter hidden behind a reference in an object stream cannot fool the count); a filter that
 * cannot be resolved refuses the file. Encrypted files are counted on their ciphertext (ADR 0045: the worker's
 * memory watchdog is the second line).
 */
import { constants, createBrotliDecompress, createInflate } from 'node:zlib';
import { LIMITS } from '../limits.ts';
import { RefusalError } from '../refusal.ts';

type PdfValue =
  | number
  | boolean
  | null
  | string
  | { readonly name: string }
  | { readonly ref: readonly [number, number] }
  | PdfValue[]
  | Map<string, PdfValue>;

const WHITESPACE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set([40, 41, 60, 62, 91, 93, 123, 125, 47, 37]);

/** A small PDF object tokenizer/parser: enough to read stream dictionaries and the objects they reference. */
class ObjectParser {
  constructor(
    private readonly bytes: Uint8Array,
    public pos: number,
  ) {}

  private skip(): void {
    const b = this.bytes;
    while (this.pos < b.length) {
      const c = b[this.pos] as number;
      if (WHITESPACE.has(c)) {
        this.pos += 1;
      } else if (c === 37) {
        while (this.pos < b.length && b[this.pos] !== 10 && b[this.pos] !== 13) {
          this.pos += 1;
        }
      } else {
        return;
      }
    }
  }

  private regular(): string {
    const b = this.bytes;
    const start = this.pos;
    while (this.pos < b.length && !WHITESPACE.has(b[this.pos] as number) && !DELIMITERS.has(b[this.pos] as number)) {
      this.pos += 1;
    }
    return latin1(b.subarray(start, this.pos));
  }

  /** The next value; throws on anything it does not understand (the caller then falls back). */
  value(depth = 0): PdfValue {
    if (depth > 32) {
      throw new Error('too deep');
    }
    this.skip();
    const b = this.bytes;
    const c = b[this.pos];
    if (c === undefined) {
      throw new Error('end of data');
    }
    if (c === 60 && b[this.pos + 1] === 60) {
      this.pos += 2;
      const dict = new Map<string, PdfValue>();
      for (;;) {
        this.skip();
        if (b[this.pos] === 62 && b[this.pos + 1] === 62) {
          this.pos += 2;
          return dict;
        }
        const key = this.value(depth + 1);
        if (typeof key !== 'object' || key === null || !('name' in key)) {
          throw new Error('dictionary key is not a name');
        }
        dict.set(key.name, this.value(depth + 1));
      }
    }
    if (c === 91) {
      this.pos += 1;
      const array: PdfValue[] = [];
      for (;;) {
        this.skip();
        if (b[this.pos] === 93) {
          this.pos += 1;
          return array;
        }
        array.push(this.value(depth + 1));
      }
    }
    if (c === 40) {
      let level = 0;
      while (this.pos < b.length) {
        const d = b[this.pos] as number;
        this.pos += 1;
        if (d === 92) {
          this.pos += 1;
        } else if (d === 40) {
          level += 1;
        } else if (d === 41) {
          level -= 1;
          if (level === 0) {
            return '(string)';
          }
        }
      }
      throw new Error('unterminated string');
    }
    if (c === 60) {
      const end = b.indexOf(62, this.pos);
      if (end < 0) {
        throw new Error('unterminated hex string');
      }
      this.pos = end + 1;
      return '<hex>';
    }
    if (c === 47) {
      this.pos += 1;
      const raw = this.regular();
      return {
        name: raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      };
    }
    const token = this.regular();
    if (token === '') {
      throw new Error(`unexpected byte ${c}`);
    }
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) {
      const number = Number(token);
      if (/^\d+$/.test(token)) {
        // `n g R`: a reference.
        const save = this.pos;
        this.skip();
        const generation = this.regular();
        if (/^\d+$/.test(generation)) {
          this.skip();
          if (this.regular() === 'R') {
            return { ref: [number, Number(generation)] };
          }
        }
        this.pos = save;
      }
      return number;
    }
    if (token === 'true' || token === 'false') {
      return token === 'true';
    }
    if (token === 'null') {
      return null;
    }
    throw new Error(`unexpected keyword ${token}`);
  }
}

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function isName(value: PdfValue | undefined): value is { readonly name: string } {
  return typeof value === 'object' && value !== null && 'name' in value;
}
function isRef(value: PdfValue | undefined): value is { readonly ref: readonly [number, number] } {
  return typeof value === 'object' && value !== null && 'ref' in value;
}

/** Offsets of `n g obj` headers, last one wins (incremental updates). */
function objectOffsets(text: string): Map<string, number> {
  const offsets = new Map<string, number>();
  for (const match of text.matchAll(/(\d+)\s+(\d+)\s+obj\b/g)) {
    offsets.set(`${match[1]} ${match[2]}`, (match.index ?? 0) + match[0].length);
  }
  return offsets;
}

class Budget {
  total = 0;
  constructor(
    readonly perStream: number,
    readonly perFile: number,
  ) {}

  /** Adds a stream's decoded size; refuses the file beyond the per-file cap. */
  add(bytes: number): void {
    this.total += bytes;
    if (this.total > this.perFile) {
      throw new RefusalError(
        'ARCHIVE_REFUSED',
        `PDF refusé : son contenu décompressé dépasse ${mib(this.perFile)} Mo (fichier piégé, « bombe de décompression »).`,
        [`plus de ${mib(this.perFile)} Mo décompressés`],
      );
    }
  }

  tooLarge(): never {
    throw new RefusalError(
      'ARCHIVE_REFUSED',
      `PDF refusé : un flux se décompresse au-delà de ${mib(this.perStream)} Mo (fichier piégé, « bombe de décompression »).`,
      [`flux de plus de ${mib(this.perStream)} Mo une fois décompressé`],
    );
  }
}

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Streams `data` through a Node decompressor, keeping at most `cap` bytes: past it the decoder is destroyed and
 * `over` is reported. Corrupt or truncated data gives what was decoded before the error (as PDF.js would).
 */
function boundedDecompress(
  data: Uint8Array,
  kind: 'inflate' | 'brotli',
  cap: number,
): Promise<{ bytes: Uint8Array; over: boolean }> {
  return new Promise((resolve) => {
    const decoder =
      kind === 'inflate'
        ? createInflate({ finishFlush: constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 })
        : createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH, chunkSize: 64 * 1024 });
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (over: boolean) => {
      if (done) {
        return;
      }
      done = true;
      decoder.removeAllListeners('data');
      decoder.destroy();
      resolve({ bytes: over ? new Uint8Array() : Buffer.concat(chunks, size), over });
    };
    decoder.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        chunks.length = 0;
        finish(true);
        return;
      }
      chunks.push(chunk);
    });
    decoder.on('error', () => finish(false));
    decoder.on('end', () => finish(false));
    decoder.end(data);
  });
}

/** LZW as PDF.js decodes it (9–12-bit codes, EarlyChange), stopping past `cap` output bytes. */
function boundedLzw(data: Uint8Array, earlyChange: number, cap: number): { bytes: Uint8Array; over: boolean } {
  const values = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  const prevCodes = new Uint16Array(4096);
  const sequence = new Uint8Array(4096);
  for (let i = 0; i < 256; i += 1) {
    values[i] = i;
    lengths[i] = 1;
  }
  let out = new Uint8Array(Math.min(cap + 1, Math.max(1024, data.length * 4)));
  let outLength = 0;
  let nextCode = 258;
  let codeLength = 9;
  let prevCode = 0;
  let sequenceLength = 0;
  let bitBuffer = 0;
  let bits = 0;
  let at = 0;
  for (;;) {
    while (bits < codeLength && at < data.length) {
      bitBuffer = ((bitBuffer << 8) | (data[at] as number)) >>> 0;
      at += 1;
      bits += 8;
    }
    if (bits < codeLength) {
      break;
    }
    bits -= codeLength;
    const code = (bitBuffer >>> bits) & ((1 << codeLength) - 1);
    bitBuffer &= (1 << bits) - 1;
    const hasPrev = sequenceLength > 0;
    if (code < 256) {
      sequence[0] = code;
      sequenceLength = 1;
    } else if (code >= 258) {
      if (code < nextCode) {
        sequenceLength = lengths[code] as number;
        for (let j = sequenceLength - 1, c = code; j >= 0; j -= 1) {
          sequence[j] = values[c] as number;
          c = prevCodes[c] as number;
        }
      } else {
        sequence[sequenceLength] = sequence[0] as number;
        sequenceLength += 1;
      }
    } else if (code === 256) {
      codeLength = 9;
      nextCode = 258;
      sequenceLength = 0;
      continue;
    } else {
      break;
    }
    if (hasPrev && nextCode < 4096) {
      prevCodes[nextCode] = prevCode;
      lengths[nextCode] = (lengths[prevCode] as number) + 1;
      values[nextCode] = sequence[0] as number;
      nextCode += 1;
      const next = nextCode + earlyChange;
      codeLength = next & (next - 1) ? codeLength : Math.min(Math.log2(next) + 1, 12) | 0;
    }
    prevCode = code;
    if (outLength + sequenceLength > cap) {
      return { bytes: new Uint8Array(), over: true };
    }
    if (outLength + sequenceLength > out.length) {
      const grown = new Uint8Array(Math.min(cap + 1, Math.max(out.length * 2, outLength + sequenceLength)));
      grown.set(out.subarray(0, outLength));
      out = grown;
    }
    out.set(sequence.subarray(0, sequenceLength), outLength);
    outLength += sequenceLength;
  }
  return { bytes: out.subarray(0, outLength), over: false };
}

function boundedRunLength(data: Uint8Array, cap: number): { bytes: Uint8Array; over: boolean } {
  let size = 0;
  for (let at = 0; at < data.length; ) {
    const n = data[at] as number;
    if (n === 128) {
      break;
    }
    size += n < 128 ? n + 1 : 257 - n;
    at += n < 128 ? n + 2 : 2;
    if (size > cap) {
      return { bytes: new Uint8Array(), over: true };
    }
  }
  const out = new Uint8Array(size);
  let o = 0;
  for (let at = 0; at < data.length && o < size; ) {
    const n = data[at] as number;
    if (n < 128) {
      out.set(data.subarray(at + 1, at + 2 + n), o);
      o += n + 1;
      at += n + 2;
    } else {
      out.fill(data[at + 1] ?? 0, o, o + 257 - n);
      o += 257 - n;
      at += 2;
    }
  }
  return { bytes: out, over: false };
}

function asciiHex(data: Uint8Array): Uint8Array {
  const digits =
    latin1(data)
      .split('>')[0]
      ?.replace(/[^0-9A-Fa-f]/g, '') ?? '';
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

function ascii85(data: Uint8Array): Uint8Array {
  const text = (latin1(data).split('~>')[0] ?? '').replace(/\s/g, '');
  const out: number[] = [];
  let group: number[] = [];
  for (const char of text) {
    if (char === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const code = char.charCodeAt(0) - 33;
    if (code < 0 || code > 84) {
      break;
    }
    group.push(code);
    if (group.length === 5) {
      const value = group.reduce((acc, d) => acc * 85 + d, 0);
      out.push((value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255);
      group = [];
    }
  }
  if (group.length > 1) {
    const count = group.length - 1;
    while (group.length < 5) {
      group.push(84);
    }
    const value = group.reduce((acc, d) => acc * 85 + d, 0);
    out.push(...[(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].slice(0, count));
  }
  return Uint8Array.from(out);
}

/** A valid zlib header (what PDF.js's FlateStream checks before inflating). */
function looksLikeZlib(data: Uint8Array): boolean {
  const cmf = data[0];
  const flg = data[1];
  return cmf !== undefined && flg !== undefined && (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
}

const IMAGE_FILTERS = new Set([
  'DCTDecode',
  'DCT',
  'JPXDecode',
  'JPX',
  'CCITTFaxDecode',
  'CCF',
  'JBIG2Decode',
  'Crypt',
]);

/** Decodes one stream through its filters, each step bounded; answers the decoded size. */
async function decodedSize(
  data: Uint8Array,
  filters: readonly string[],
  params: readonly (Map<string, PdfValue> | null)[],
  budget: Budget,
): Promise<number> {
  let bytes = data;
  const cap = budget.perStream;
  for (let i = 0; i < filters.length; i += 1) {
    const filter = filters[i] as string;
    let step: { bytes: Uint8Array; over: boolean };
    if (filter === 'FlateDecode' || filter === 'Fl') {
      step = await boundedDecompress(bytes, 'inflate', cap);
    } else if (filter === 'BrotliDecode') {
      step = await boundedDecompress(bytes, 'brotli', cap);
    } else if (filter === 'LZWDecode' || filter === 'LZW') {
      const early = params[i]?.get('EarlyChange');
      step = boundedLzw(bytes, typeof early === 'number' ? early : 1, cap);
    } else if (filter === 'RunLengthDecode' || filter === 'RL') {
      step = boundedRunLength(bytes, cap);
    } else if (filter === 'ASCIIHexDecode' || filter === 'AHx') {
      step = { bytes: asciiHex(bytes), over: false };
    } else if (filter === 'ASCII85Decode' || filter === 'A85') {
      step = { bytes: ascii85(bytes), over: false };
    } else if (IMAGE_FILTERS.has(filter)) {
      break;
    } else {
      // PDF.js leaves a stream with an unknown filter as it is.
      break;
    }
    if (step.over) {
      budget.tooLarge();
    }
    bytes = step.bytes;
  }
  return bytes.length;
}

function unverifiable(): never {
  throw new RefusalError('ARCHIVE_REFUSED', 'PDF refusé : filtre de compression non vérifiable.');
}

/**
 * Throws {@link RefusalError} when a stream of the PDF decodes to more than `perStream` bytes, or all of them to more
 * than `perFile` bytes. Memory held at once: one stream's decoded bytes (≤ `perStream`).
 */
export async function checkPdfDecompression(
  bytes: Uint8Array,
  caps: { perStream: number; perFile: number } = {
    perStream: LIMITS.maxPdfStreamBytes,
    perFile: LIMITS.maxPdfDecodedBytes,
  },
): Promise<void> {
  const budget = new Budget(caps.perStream, caps.perFile);
  const text = latin1(bytes);
  const offsets = objectOffsets(text);
  const resolve = (value: PdfValue | undefined, depth = 0): PdfValue | undefined => {
    if (!isRef(value)) {
      return value;
    }
    const at = offsets.get(`${value.ref[0]} ${value.ref[1]}`);
    if (at === undefined || depth > 8) {
      return undefined;
    }
    try {
      return resolve(new ObjectParser(bytes, at).value(), depth + 1);
    } catch {
      return undefined;
    }
  };

  for (const match of text.matchAll(/(?<!end)stream(\r\n|\n|\r)?/g)) {
    const keyword = match.index ?? 0;
    const dataStart = keyword + match[0].length;
    const dict = streamDictionary(bytes, text, keyword);
    let filters: string[] = [];
    let params: (Map<string, PdfValue> | null)[] = [];
    let length: number | undefined;
    if (dict) {
      const filter = resolve(dict.get('Filter') ?? dict.get('F'));
      const parms = resolve(dict.get('DecodeParms') ?? dict.get('DP'));
      if (filter === undefined && (dict.has('Filter') || dict.has('F'))) {
        unverifiable();
      }
      const list = Array.isArray(filter)
        ? filter.map((f) => resolve(f))
        : filter === undefined || filter === null
          ? []
          : [filter];
      if (!list.every(isName)) {
        unverifiable();
      }
      filters = list.map((f) => f.name);
      const parmList = Array.isArray(parms) ? parms.map((p) => resolve(p)) : [parms];
      params = filters.map((_, i) => {
        const p = parmList[i];
        return p instanceof Map ? p : null;
      });
      const declared = resolve(dict.get('Length'));
      length = typeof declared === 'number' && Number.isInteger(declared) && declared >= 0 ? declared : undefined;
    }
    let dataEnd: number;
    if (length !== undefined && /^\s*endstream/.test(text.slice(dataStart + length, dataStart + length + 32))) {
      dataEnd = dataStart + length;
    } else {
      const end = text.indexOf('endstream', dataStart);
      dataEnd = end < 0 ? bytes.length : end;
    }
    const data = bytes.subarray(dataStart, dataEnd);
    let size = await decodedSize(data, filters, params, budget);
    if (!filters.some((f) => f === 'FlateDecode' || f === 'Fl') && looksLikeZlib(data)) {
      // Undeclared (or hidden) compression: count what an inflate would give.
      size = Math.max(size, await decodedSize(data, ['FlateDecode'], [null], budget));
    }
    budget.add(size);
  }
}

/** The dictionary just before a `stream` keyword: parsed from the `obj` that opens it, or from a nearby `<<`. */
function streamDictionary(bytes: Uint8Array, text: string, keyword: number): Map<string, PdfValue> | undefined {
  const from = Math.max(0, keyword - 65_536);
  const window = text.slice(from, keyword);
  const candidates: number[] = [];
  const obj = window.lastIndexOf('obj');
  if (obj >= 0) {
    candidates.push(from + obj + 3);
  }
  for (let i = window.length, tries = 0; tries < 16; tries += 1) {
    i = window.lastIndexOf('<<', i - 1);
    if (i < 0) {
      break;
    }
    candidates.push(from + i);
  }
  for (const start of candidates) {
    try {
      const parser = new ObjectParser(bytes, start);
      const value = parser.value();
      if (value instanceof Map && /^\s*$/.test(text.slice(parser.pos, keyword))) {
        return value;
      }
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}
