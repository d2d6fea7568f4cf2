import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ExpiringSignature } from '../src/lib/expiring-signature.ts';
import { ClaimLetterLinkSigner } from '../src/modules/audits/link-signer.ts';
import { MandateLinkSigner } from '../src/modules/mandates/links.ts';
import { PdfLinkSigner } from '../src/modules/simulator/pdf-link.ts';

const SECRET = 'x'.repeat(48);
const at = (iso: string) => () => new Date(iso);

/** The scheme the links given before this module existed were signed with: they must stay valid. */
function legacySignature(purpose: string, payload: string): string {
  const key = createHmac('sha256', SECRET).update(purpose).digest();
  return createHmac('sha256', key).update(payload).digest('base64url');
}

describe('ExpiringSignature', () => {
  it('signs the fields and the expiry joined by newlines, under a per-purpose key', () => {
    const signature = new ExpiringSignature(SECRET, 'pilote:test:v1', 60);
    expect(signature.sign(['a', 'b'], 100)).toBe(legacySignature('pilote:test:v1', 'a\nb\n100'));
    expect(signature.sign(['a', 'b'], 100)).not.toBe(
      new ExpiringSignature(SECRET, 'pilote:other:v1', 60).sign(['a', 'b'], 100),
    );
  });

  it('answers ok before the expiry, expired after, invalid when anything was changed', () => {
    const signature = new ExpiringSignature(SECRET, 'pilote:test:v1', 60, at('2026-01-01T00:00:00Z'));
    const exp = signature.expiry();
    expect(exp).toBe(Date.parse('2026-01-01T00:01:00Z') / 1000);
    const sig = signature.sign(['id', 'owner'], exp);
    expect(signature.verify(['id', 'owner'], String(exp), sig)).toBe('ok');
    expect(signature.verify(['id', 'other'], String(exp), sig)).toBe('invalid');
    expect(signature.verify(['id', 'owner'], String(exp + 1), sig)).toBe('invalid');
    expect(signature.verify(['id', 'owner'], String(exp), `${sig.slice(0, -1)}A`)).not.toBe('ok');
    expect(signature.verify(['id', 'owner'], undefined, sig)).toBe('invalid');
    expect(signature.verify(['id', 'owner'], '1e9', sig)).toBe('invalid');
    const later = new ExpiringSignature(SECRET, 'pilote:test:v1', 60, at('2026-01-01T00:01:00Z'));
    expect(later.verify(['id', 'owner'], String(exp), sig)).toBe('expired');
  });
});

describe('the three link signers keep the links already given valid', () => {
  const now = at('2026-01-01T00:00:00Z');
  const exp = Date.parse('2026-01-01T01:00:00Z') / 1000;

  it('simulation PDF', () => {
    const { url } = new PdfLinkSigner(SECRET, 3600, now).link('sim-1', 'user-1');
    const sig = legacySignature('pilote:simulation-pdf-link:v1', `sim-1\nuser-1\n${exp}`);
    expect(url).toBe(`/api/simulator/simulations/sim-1/pdf?exp=${exp}&sig=${sig}`);
  });

  it('claim letter', () => {
    const { url } = new ClaimLetterLinkSigner(SECRET, 3600, now).link('audit-1', 'user-1');
    const sig = legacySignature('pilote:audit-claim-letter-link:v1', `audit-1\nuser-1\n${exp}`);
    expect(url).toBe(`/api/audits/audit-1/claim-letter?exp=${exp}&sig=${sig}`);
  });

  it('mandate PDF', () => {
    const url = new URL(new MandateLinkSigner(SECRET, 3600, now).url('m-1', 'owner:user-1', 'inline'), 'http://x');
    const sig = legacySignature('pilote:mandate-pdf-link:v1', `m-1\nowner:user-1\ninline\n${exp}`);
    expect(url.searchParams.get('sig')).toBe(sig);
    expect(url.searchParams.get('exp')).toBe(String(exp));
  });
});
