import { describe, expect, it } from 'vitest';
import { sniffFormat } from '../src/formats/sniff.ts';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

describe('the one file-type sniffer (upload and audit job, ADR 0053)', () => {
  it('recognises the four formats from their first bytes', () => {
    expect(sniffFormat(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffFormat(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBe('xlsx');
    expect(sniffFormat(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('xls');
    expect(sniffFormat(bytes('<?xml version="1.0"?><a/>'))).toBe('xml');
    expect(sniffFormat(bytes('\xef\xbb\xbf\r\n  <?xml?><a/>'))).toBe('xml');
    expect(sniffFormat(bytes('\n<Invoice/>'))).toBe('xml');
  });

  it('keeps the stricter of the two former rules where they disagreed', () => {
    // %PDF- anywhere in the first kilobyte passed the upload; the job wanted it first.
    expect(sniffFormat(bytes('GARBAGE\n%PDF-1.4\n'))).toBeNull();
    // `<?xml` glued to a name, `<_`, a no-break space, more than 64 bytes of white space: one of them refused each.
    expect(sniffFormat(bytes('<?xmlfoo?><a/>'))).toBeNull();
    expect(sniffFormat(bytes('<_a/>'))).toBeNull();
    expect(sniffFormat(bytes('\xa0<a/>'))).toBeNull();
    expect(sniffFormat(bytes(`${' '.repeat(65)}<a/>`))).toBeNull();
    expect(sniffFormat(bytes('MZ\x90\x00'))).toBeNull();
    expect(sniffFormat(new Uint8Array())).toBeNull();
  });
});
