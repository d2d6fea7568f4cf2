import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A minimal zip writer (stored or deflated entries), enough to build hostile XLSX files. */
export function buildZip(entries: { name: string; data: Buffer; deflate?: boolean; crc?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const body = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const crc = entry.crc ?? crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
);

/**
 * A PDF whose one content stream inflates to `mib` MiB of spaces from about 1 kB per MiB (issue #21 §1.2): one MiB
 * deflated with a full flush (a self-contained block) repeated, then a final block and the Adler-32 in closed form.
 */
function flateBombPdf(mib: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const length = BigInt(mib * 1024 * 1024);
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(
    Number((((length + (0x20n * length * (length + 1n)) / 2n) % 65521n) << 16n) | ((1n + 0x20n * length) % 65521n)),
  );
  const data = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: mib }, () => block),
    deflateRawSync(Buffer.alloc(0)),
    adler,
  ]);
  const head = [
    '%PDF-1.7',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >> endobj',
    `4 0 obj << /Filter /FlateDecode /Length ${data.length} >>`,
    'stream',
    '',
  ].join('\n');
  const tail = '\nendstream\nendobj\ntrailer << /Root 1 0 R /Size 5 >>\n%%EOF\n';
  return Buffer.concat([Buffer.from(head, 'latin1'), data, Buffer.from(tail, 'latin1')]);
}

/** Spec of the hostile corpus (issue #14 « Done when »). */
export const hostileFiles = {
  /** An executable named like a PDF: refused on its magic bytes at creation. */
  wrongMagic: () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0x41)]),
  /** One sheet of 32 MiB of spaces deflated to ~32 kB (ratio ≈ 1000): refused before inflating. */
  zipBomb: () =>
    buildZip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(32 * 1024 * 1024, 0x20), deflate: true },
    ]),
  /** 10 000 tiny entries. */
  manyEntries: () =>
    buildZip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      ...Array.from({ length: 10_000 }, (_, index) => ({ name: `xl/e/${index}.xml`, data: Buffer.from('<a/>') })),
    ]),
  /** XML with an external entity (XXE) in a DOCTYPE. */
  xxe: () =>
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE facture [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<facture><fournisseur>&xxe;</fournisseur></facture>\n',
    ),
  /** A 200 kB PDF whose content stream inflates to 200 MiB: refused before PDF.js reads it (ADR 0045). */
  flateBomb: () => flateBombPdf(200),
  /** A PDF whose page tree is its own child (a reader that follows /Kids naively never ends). */
  loopingPdf: () =>
    Buffer.from(
      [
        '%PDF-1.4',
        '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
        '2 0 obj << /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >> endobj',
        '3 0 obj << /Type /Pages /Kids [2 0 R] /Parent 2 0 R /Count 1 >> endobj',
        'trailer << /Root 1 0 R /Size 4 >>',
        '%%EOF',
      ].join('\n'),
      'latin1',
    ),
};
