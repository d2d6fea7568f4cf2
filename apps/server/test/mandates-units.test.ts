import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../src/lib/app-error.ts';
import {
  decryptBytes,
  decryptText,
  encryptBytes,
  encryptText,
  keyIdOf,
  MandateDecryptionError,
  parseMandateKeys,
  resolveMandateKeyring,
} from '../src/modules/mandates/crypto.ts';
import { daysBetween, expiryDay, parisDay } from '../src/modules/mandates/dates.ts';
import { MandateLinkSigner } from '../src/modules/mandates/links.ts';
import { decodeSignaturePng } from '../src/modules/mandates/signature-image.ts';
import { noise, pngBytes, pngChunk, pngDataUrl } from './helpers/png.ts';

const key = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe('mandate field encryption (AES-256-GCM, ADR 0031)', () => {
  const ring = parseMandateKeys(key('a'));

  it('round-trips text and bytes, with a fresh IV each time and the key id in the value', () => {
    const one = encryptText(ring, 'mandate:m1:city', 'Amiens');
    const two = encryptText(ring, 'mandate:m1:city', 'Amiens');
    expect(one).not.toBe(two);
    expect(one).not.toContain('Amiens');
    expect(keyIdOf(one)).toBe('a');
    expect(decryptText(ring, 'mandate:m1:city', one)).toBe('Amiens');
    const bytes = encryptBytes(ring, 'mandate:m1:pdf', Buffer.from('%PDF-1.7'));
    expect(decryptBytes(ring, 'mandate:m1:pdf', bytes).toString()).toBe('%PDF-1.7');
  });

  it('refuses a flipped bit, a value moved to another row or field, an unknown key and a malformed envelope', () => {
    const value = encryptText(ring, 'mandate:m1:city', 'Amiens');
    const parts = value.split(':');
    const tag = Buffer.from(parts[3] as string, 'base64url');
    tag[0] = (tag[0] as number) ^ 0x80;
    const flipped = [...parts.slice(0, 3), tag.toString('base64url'), parts[4]].join(':');
    for (const attempt of [
      () => decryptText(ring, 'mandate:m1:city', flipped),
      () => decryptText(ring, 'mandate:m2:city', value),
      () => decryptText(ring, 'mandate:m1:address', value),
      () => decryptText(parseMandateKeys(key('b')), 'mandate:m1:city', value),
      () => decryptText(ring, 'mandate:m1:city', 'Amiens'),
      () => decryptBytes(ring, 'mandate:m1:pdf', Buffer.from('enc1:a:short')),
    ]) {
      expect(attempt).toThrow(MandateDecryptionError);
    }
    try {
      decryptText(ring, 'mandate:m1:city', flipped);
    } catch (error) {
      expect((error as AppError).statusCode).toBe(500);
      expect((error as AppError).message).toBe('Une erreur interne est survenue. Veuillez réessayer plus tard.');
    }
  });

  it('rotates: the first key encrypts, every listed key decrypts', () => {
    const old = parseMandateKeys(key('k1'));
    const value = encryptText(old, 'x', 'PCE');
    const oldLine = `k1:${(old.keys.get('k1') as Buffer).toString('base64')}`;
    const rotated = parseMandateKeys(`${key('k2')},${oldLine}`);
    expect(decryptText(rotated, 'x', value)).toBe('PCE');
    expect(keyIdOf(encryptText(rotated, 'x', 'PCE'))).toBe('k2');
    expect(() => parseMandateKeys('k1:trop-court')).toThrow(/32 octets/);
    expect(() => parseMandateKeys(`${oldLine},${oldLine}`)).toThrow();
  });

  it('generates the keyring once into DATA_DIR (mode 0600) and reads it back', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pe-mandate-keys-'));
    try {
      const first = await resolveMandateKeyring(undefined, dir);
      const second = await resolveMandateKeyring(undefined, dir);
      expect(first.source).toBe('generated');
      expect(second.source).toBe('file');
      expect(second.keyring.current.key.equals(first.keyring.current.key)).toBe(true);
      expect(readFileSync(path.join(dir, 'mandate-keys'), 'utf8')).toMatch(/^k1:/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mandate helpers', () => {
  it('computes the last valid day and the days left in Europe/Paris', () => {
    expect(expiryDay('2026-11-23', 24)).toBe('2028-11-22');
    expect(expiryDay('2026-01-31', 1)).toBe('2026-02-27');
    expect(expiryDay('2027-12-01', 12)).toBe('2028-11-30');
    expect(parisDay(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    expect(daysBetween('2026-11-23', '2027-11-22')).toBe(364);
  });

  it('signs PDF links per mandate, audience and disposition, and expires them', () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const signer = new MandateLinkSigner('s'.repeat(40), 300, () => now);
    const url = new URL(signer.url('m1', 'owner:u1', 'attachment'), 'http://x');
    const q = (name: string) => url.searchParams.get(name) as string;
    expect(signer.verify('m1', 'owner:u1', 'attachment', q('exp'), q('sig'))).toBe('ok');
    expect(signer.verify('m2', 'owner:u1', 'attachment', q('exp'), q('sig'))).toBe('invalid');
    expect(signer.verify('m1', 'owner:u2', 'attachment', q('exp'), q('sig'))).toBe('invalid');
    expect(signer.verify('m1', 'owner:u1', 'inline', q('exp'), q('sig'))).toBe('invalid');
    now = new Date('2026-11-23T10:05:01Z');
    expect(signer.verify('m1', 'owner:u1', 'attachment', q('exp'), q('sig'))).toBe('expired');
  });

  it('reads the signature PNG whole: magic bytes, IHDR size, every chunk and its CRC, the IDAT inflated to size', () => {
    expect(decodeSignaturePng(pngDataUrl(pngBytes(800, 200))).length).toBe(pngBytes(800, 200).length);
    expect(() => decodeSignaturePng(pngDataUrl(pngBytes(801, 200)))).toThrow(
      'La signature dépasse la taille autorisée (800 × 200 pixels).',
    );
    expect(() => decodeSignaturePng(pngDataUrl(pngBytes(800, 0)))).toThrow('La signature doit être une image PNG.');
    expect(() => decodeSignaturePng('data:image/png;base64,%%%')).toThrow('La signature doit être une image PNG.');
    expect(() => decodeSignaturePng('')).toThrow('Veuillez signer le mandat.');
  });

  it('accepts what a browser canvas exports: RGBA, the image data split over several IDAT chunks, an ICC profile', () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(300, 0);
    header.writeUInt32BE(120, 4);
    header[8] = 8;
    header[9] = 6;
    const idat = deflateSync(Buffer.alloc((300 * 4 + 1) * 120, 0));
    const third = Math.ceil(idat.length / 3);
    const png = Buffer.concat([
      pngBytes(1, 1).subarray(0, 8),
      pngChunk('IHDR', header),
      pngChunk('iCCP', Buffer.concat([Buffer.from('Display P3\0\0', 'latin1'), deflateSync(Buffer.alloc(512))])),
      pngChunk('IDAT', idat.subarray(0, third)),
      pngChunk('IDAT', idat.subarray(third, 2 * third)),
      pngChunk('IDAT', idat.subarray(2 * third)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    expect(decodeSignaturePng(pngDataUrl(png)).equals(png)).toBe(true);
  });

  it('refuses a malformed PNG before any render (issue #21 §1.3): random IDAT, bad CRC, wrong size, odd chunks', () => {
    const format = 'La signature doit être une image PNG.';
    // The attack: a valid header, then 6.7 kB of random IDAT (behind a valid zlib header, too).
    for (const idat of [noise(6_700), Buffer.concat([Buffer.from([0x78, 0x9c]), noise(6_700)])]) {
      expect(() => decodeSignaturePng(pngDataUrl(pngBytes(400, 150, { idat })))).toThrow(format);
    }
    // Header only: no image data at all.
    const headerOnly = Buffer.concat([pngBytes(10, 10).subarray(0, 33), pngChunk('IEND', Buffer.alloc(0))]);
    expect(() => decodeSignaturePng(pngDataUrl(headerOnly))).toThrow(format);
    // A flipped byte in the image data: its CRC no longer matches.
    const flipped = pngBytes(400, 150);
    flipped[45] = (flipped[45] as number) ^ 0xff;
    expect(() => decodeSignaturePng(pngDataUrl(flipped))).toThrow(format);
    // More, or fewer, rows than the header says; a scanline filter byte beyond 4.
    expect(() => decodeSignaturePng(pngDataUrl(pngBytes(400, 150, { rows: 151 })))).toThrow(format);
    expect(() => decodeSignaturePng(pngDataUrl(pngBytes(400, 150, { rows: 149 })))).toThrow(format);
    const badFilter = Buffer.alloc(401 * 150, 0x40);
    expect(() => decodeSignaturePng(pngDataUrl(pngBytes(400, 150, { idat: deflateSync(badFilter) })))).toThrow(format);
    // Compressed text (pdf-lib's decoder would inflate it) and unknown chunks are refused; others pass.
    expect(() =>
      decodeSignaturePng(pngDataUrl(pngBytes(40, 15, { extra: [pngChunk('zTXt', Buffer.from('a\0\0x'))] }))),
    ).toThrow(format);
    expect(
      decodeSignaturePng(pngDataUrl(pngBytes(40, 15, { extra: [pngChunk('tEXt', Buffer.from('a\0b'))] }))).length,
    ).toBeGreaterThan(0);
  });
});
