import { describe, expect, it } from 'vitest';
import { compareFingerprint, sha256HexOf } from './file-digest.ts';

describe('PDF copy against the sealed fingerprint', () => {
  it('computes the SHA-256 of a file in hex', async () => {
    // SHA-256("abc"), FIPS 180-2 appendix B.1.
    expect(await sha256HexOf(new Blob(['abc']))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('tells an identical copy from one with a single changed byte', async () => {
    const original = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a]);
    const recorded = await sha256HexOf(new Blob([original]));
    const altered = original.slice();
    altered[5] = 0x32;
    expect(compareFingerprint(await sha256HexOf(new Blob([original])), recorded.toUpperCase())).toBe('identical');
    expect(compareFingerprint(await sha256HexOf(new Blob([altered])), recorded)).toBe('altered');
    expect(compareFingerprint(recorded, null)).toBe('unknown');
  });
});
