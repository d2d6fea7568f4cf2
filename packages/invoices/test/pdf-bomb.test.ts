/**
 * Decompression bombs in a PDF (issue #21 §1.2, ADR 0045): a small file whose streams inflate to hundreds of
 * megabytes is refused before PDF.js inflates it, and reading it stays within a bounded amount of memory (the
 * process's peak resident size, which counts the ArrayBuffers PDF.js would fill; the worker's heap limit does not).
 */
import { constants, deflateRawSync, deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkPdfDecompression } from '../src/formats/pdf-guard.ts';
import type { ReadResult } from '../src/index.ts';
import { readInvoice } from '../src/index.ts';

const MiB = 1024 * 1024;

/**
 * zlib data of `mib` MiB of spaces, without ever holding them: one MiB deflated and fully flushed (a byte-aligned,
 * self-contained block) repeated, a final empty block, and the Adler-32 of the whole computed in closed form.
 */
function deflatedSpaces(mib: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MiB, 0x20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const length = BigInt(mib * MiB);
  const a = (1n + 0x20n * length) % 65521n;
  const b = (length + (0x20n * length * (length + 1n)) / 2n) % 65521n;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: mib }, () => block),
    deflateRawSync(Buffer.alloc(0)),
    adler,
  ]);
}

/** A one-page PDF whose content is made of the given streams (dictionary entries written as given). */
function pdfWithContents(streams: { dict: string; data: Uint8Array }[]): Uint8Array {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Buffer | string) => {
    const buffer = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(buffer);
    length += buffer.length;
  };
  const contentRefs = streams.map((_, i) => `${4 + i} 0 R`).join(' ');
  const objects: (string | { dict: string; data: Uint8Array })[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents [${contentRefs}] >>`,
    ...streams,
  ];
  push('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  objects.forEach((object, i) => {
    offsets.push(length);
    if (typeof object === 'string') {
      push(`${i + 1} 0 obj\n${object}\nendobj\n`);
    } else {
      push(`${i + 1} 0 obj\n<< ${object.dict} /Length ${object.data.length} >>\nstream\n`);
      push(Buffer.from(object.data));
      push('\nendstream\nendobj\n');
    }
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) {
    push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  }
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
}

function refusal(result: ReadResult) {
  if (result.ok) {
    throw new Error('lu alors qu’un refus était attendu');
  }
  return result.refusal;
}

/** Peak resident memory of this process so far (bytes); it only grows. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

describe('PDF decompression bombs', () => {
  it('builds valid zlib data for the bombs', () => {
    expect(inflateSync(deflatedSpaces(3)).equals(Buffer.alloc(3 * MiB, 0x20))).toBe(true);
  });

  it('refuses a 300 MB flate content stream with a French message, without inflating it (peak memory + < 100 MB)', async () => {
    const bomb = pdfWithContents([{ dict: '/Filter /FlateDecode', data: deflatedSpaces(300) }]);
    expect(bomb.length).toBeLessThan(MiB);
    const before = peakRss();
    const r = refusal(await readInvoice(bomb, 'bombe.pdf'));
    const grown = peakRss() - before;
    expect(r.code).toBe('ARCHIVE_REFUSED');
    expect(r.message).toBe(
      'PDF refusé : un flux se décompresse au-delà de 32 Mo (fichier piégé, « bombe de décompression »).',
    );
    // PDF.js would have grown a buffer past 300 MB for this stream; the check holds at most one capped stream.
    expect(grown).toBeLessThan(100 * MiB);
  });

  it('refuses a doubly compressed stream (Flate of Flate) and a stream whose filter hides behind a reference', async () => {
    const inner = deflatedSpaces(64);
    const doubled = pdfWithContents([{ dict: '/Filter [/FlateDecode /Fl]', data: deflateSync(inner) }]);
    expect(refusal(await readInvoice(doubled, 'double.pdf')).message).toContain('bombe de décompression');

    // A reference to an object the file does not hold: the data is still zlib, so it is inflated and counted.
    const hidden = pdfWithContents([{ dict: '/Filter 99 0 R', data: inner }]);
    expect(refusal(await readInvoice(hidden, 'cache.pdf')).message).toBe(
      'PDF refusé : filtre de compression non vérifiable.',
    );
    const undeclared = pdfWithContents([{ dict: '', data: inner }]);
    expect(refusal(await readInvoice(undeclared, 'sans-filtre.pdf')).message).toContain('bombe de décompression');
  });

  it('caps the decoded bytes of the whole file: five streams of 3 MB each pass one by one, not together', async () => {
    // Small caps keep the test's own work small (it inflated 216 MB at the default caps and timed out on a busy
    // machine); readInvoice's default caps are the ones the 300 MB test above meets.
    const stream = { dict: '/Filter /FlateDecode', data: deflatedSpaces(3) };
    const file = pdfWithContents([stream, stream, stream, stream, stream]);
    await expect(checkPdfDecompression(file, { perStream: 4 * MiB, perFile: 12 * MiB })).rejects.toThrow(
      'PDF refusé : son contenu décompressé dépasse 12 Mo (fichier piégé, « bombe de décompression »).',
    );
    await expect(checkPdfDecompression(file, { perStream: 4 * MiB, perFile: 16 * MiB })).resolves.toBeUndefined();
  });

  it('bounds LZW and RunLength streams too', async () => {
    // RunLength: 257 − 129 = 128 copies of one byte per 2 input bytes.
    const runs = new Uint8Array(2 * 300_000).map((_, i) => (i % 2 === 0 ? 129 : 0x20));
    await expect(
      checkPdfDecompression(pdfWithContents([{ dict: '/Filter /RL', data: runs }]), {
        perStream: 16 * MiB,
        perFile: 96 * MiB,
      }),
    ).rejects.toThrow('un flux se décompresse au-delà de 16 Mo');
    // LZW: the same ever-longer run of one byte; 8 kB of codes decode to megabytes.
    const codes: number[] = [];
    let bits = 0;
    let buffer = 0;
    let width = 9;
    const emit = (code: number) => {
      buffer = (buffer << width) | code;
      bits += width;
      while (bits >= 8) {
        bits -= 8;
        codes.push((buffer >>> bits) & 255);
      }
      buffer &= (1 << bits) - 1;
    };
    emit(0x20);
    for (let next = 258; next < 4094; next += 1) {
      emit(next);
      width = next + 2 >= 512 ? (next + 2 >= 1024 ? (next + 2 >= 2048 ? 12 : 11) : 10) : 9;
    }
    const lzw = pdfWithContents([{ dict: '/Filter /LZWDecode', data: Uint8Array.from(codes) }]);
    await expect(checkPdfDecompression(lzw, { perStream: MiB, perFile: 96 * MiB })).rejects.toThrow(
      'un flux se décompresse au-delà de 1 Mo',
    );
  });
});
