/**
 * Hostile e-invoices (issue #25 §10, ADR 0069): the new readers keep every defence — DOCTYPE/ENTITY refused (XXE,
 * billion laughs) in a bare XML and in the XML attached to a PDF, the attachment's decoded size bounded before PDF.js
 * inflates it (bomb), the XML size and nesting bounded, and the type taken from the bytes, never from a name (a file
 * named `.pdf` or an attachment named `factur-x.xml`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type ReadResult, readInvoice } from '../src/index.ts';
import { LIMITS } from '../src/limits.ts';

const MiB = 1024 * 1024;
const utf8 = (s: string) => new TextEncoder().encode(s);
/** The e-invoices written by @e-invoice-eu/core (scripts/generate-e-invoices.ts). */
const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../fixtures/e-factures', name)));

function refusal(result: ReadResult) {
  if (result.ok) {
    throw new Error('lu alors qu’un refus était attendu');
  }
  return result.refusal;
}

/** zlib data of `mib` MiB of spaces without holding them (as in pdf-bomb.test.ts). */
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

/** A one-page PDF with one embedded file (the EmbeddedFiles name tree, as Factur-X puts it), Flate-compressed. */
function pdfWithAttachment(name: string, deflated: Uint8Array): Uint8Array {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Buffer | string) => {
    const buffer = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(buffer);
    length += buffer.length;
  };
  const objects: (string | Uint8Array)[] = [
    `<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(${name}) 4 0 R] >> >> >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    `<< /Type /Filespec /F (${name}) /UF (${name}) /AFRelationship /Data /EF << /F 5 0 R >> >>`,
    deflated,
  ];
  push('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  objects.forEach((object, i) => {
    offsets.push(length);
    if (typeof object === 'string') {
      push(`${i + 1} 0 obj\n${object}\nendobj\n`);
    } else {
      push(
        `${i + 1} 0 obj\n<< /Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode /Length ${object.length} >>\nstream\n`,
      );
      push(Buffer.from(object));
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

const XXE = `<?xml version="1.0"?>
<!DOCTYPE Invoice [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&x;</ID></Invoice>
`;
const LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE r [<!ENTITY l "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i === 0 ? '' : i};`.repeat(10)}">`).join('')}]>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100">&l9;</rsm:CrossIndustryInvoice>
`;
const FORBIDDEN =
  'Fichier XML refusé : les déclarations DOCTYPE et ENTITY ne sont pas acceptées (risque d’entités externes).';

describe('entities: XXE and billion laughs', () => {
  it('refuses them in a bare UBL or CII file', async () => {
    expect(refusal(await readInvoice(utf8(XXE), 'xxe.xml'))).toMatchObject({
      code: 'XML_DOCTYPE_FORBIDDEN',
      message: FORBIDDEN,
    });
    expect(refusal(await readInvoice(utf8(LAUGHS), 'rires.xml')).code).toBe('XML_DOCTYPE_FORBIDDEN');
  });

  it('refuses them in the factur-x.xml attached to a PDF (never falls back to the PDF text)', async () => {
    for (const xml of [XXE, LAUGHS]) {
      const pdf = pdfWithAttachment('factur-x.xml', deflateSync(utf8(xml)));
      expect(refusal(await readInvoice(pdf, 'facture.pdf'))).toMatchObject({
        code: 'XML_DOCTYPE_FORBIDDEN',
        message: FORBIDDEN,
      });
    }
  });
});

describe('sizes: bombs, oversized and deep files', () => {
  it('refuses an attachment that inflates to 300 MB before PDF.js inflates it', async () => {
    const pdf = pdfWithAttachment('factur-x.xml', deflatedSpaces(300));
    expect(pdf.length).toBeLessThan(MiB);
    const before = process.resourceUsage().maxRSS * 1024;
    const r = refusal(await readInvoice(pdf, 'bombe.pdf'));
    expect(r).toMatchObject({
      code: 'ARCHIVE_REFUSED',
      message: 'PDF refusé : un flux se décompresse au-delà de 32 Mo (fichier piégé, « bombe de décompression »).',
    });
    expect(process.resourceUsage().maxRSS * 1024 - before).toBeLessThan(100 * MiB);
  });

  it('refuses an attached XML larger than the XML limit, and a bare one', async () => {
    const big = `<?xml version="1.0"?>\n<Invoice>${' '.repeat(LIMITS.maxXmlBytes)}</Invoice>\n`;
    const pdf = pdfWithAttachment('zugferd-invoice.xml', deflateSync(utf8(big)));
    expect(refusal(await readInvoice(pdf, 'grosse.pdf'))).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'Fichier « zugferd-invoice.xml » joint au PDF de plus de 5 Mo.',
    });
    expect(refusal(await readInvoice(utf8(big), 'grosse.xml')).code).toBe('FILE_TOO_LARGE');
  });

  it('refuses a UBL nested deeper than the limit', async () => {
    const depth = LIMITS.maxXmlDepth + 10;
    const deep = `<?xml version="1.0"?>\n<Invoice>${'<cac:Item>'.repeat(depth)}x${'</cac:Item>'.repeat(depth)}</Invoice>\n`;
    expect(refusal(await readInvoice(utf8(deep), 'profonde.xml'))).toMatchObject({
      code: 'UNREADABLE_FILE',
      message: `Fichier XML refusé : imbrication de plus de ${LIMITS.maxXmlDepth} niveaux.`,
    });
  });
});

describe('lies about type: the bytes decide, never a name', () => {
  it('refuses an attachment named factur-x.xml whose bytes are not XML', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    const pdf = pdfWithAttachment('factur-x.xml', deflateSync(zip));
    expect(refusal(await readInvoice(pdf, 'facture.pdf'))).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      message:
        'Fichier « factur-x.xml » joint au PDF refusé : son contenu n’est pas du XML (d’après ses octets, pas son nom).',
    });
  });

  it('reads a UBL named .pdf as XML, and a Factur-X named .xml as a PDF', async () => {
    const ubl = await readInvoice(fixture('t4-fevrier-2026-ubl.xml'), 'facture.pdf');
    expect(ubl.ok && [ubl.invoice.format, ubl.invoice.layout]).toEqual(['xml', 'en16931-ubl']);
    const facturX = await readInvoice(fixture('t4-fevrier-2026-factur-x.pdf'), 'facture.xml');
    expect(facturX.ok && [facturX.invoice.format, facturX.invoice.layout]).toEqual(['pdf', 'en16931-cii']);
  });

  it('ignores an attachment of another name: the PDF is read from its text', async () => {
    const pdf = pdfWithAttachment('annexe.xml', deflateSync(fixture('t4-fevrier-2026-six-erreurs-cii.xml')));
    expect(refusal(await readInvoice(pdf, 'facture.pdf')).code).toBe('UNKNOWN_LAYOUT');
  });
});
