import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkVerdict = 'ok' | 'invalid' | 'expired';

/**
 * The signature of the expiring download links (simulation PDF, ADR 0012; mandate PDF, ADR 0031; claim letter,
 * ADR 0034): base64url HMAC-SHA256 over the link's fields and its expiry (unix seconds), joined by newlines, under
 * a key derived from APP_SECRET for one purpose only (so a CSRF token or another kind of link never passes for it).
 */
export class ExpiringSignature {
  private readonly key: Buffer;

  constructor(
    secret: string,
    /** e.g. `pilote:simulation-pdf-link:v1`: changing it invalidates every link already given. */
    purpose: string,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createHmac('sha256', secret).update(purpose).digest();
  }

  /** The expiry (unix seconds) of a link made now. */
  expiry(): number {
    return Math.floor(this.now().getTime() / 1000) + this.ttlSeconds;
  }

  sign(fields: readonly string[], exp: number): string {
    return createHmac('sha256', this.key)
      .update([...fields, String(exp)].join('\n'))
      .digest('base64url');
  }

  /** Signature first (a tampered expiry is "invalid", not "expired"), then the expiry. */
  verify(fields: readonly string[], exp: string | undefined, sig: string | undefined): LinkVerdict {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) {
      return 'invalid';
    }
    const expected = Buffer.from(this.sign(fields, Number(exp)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return 'invalid';
    }
    return Number(exp) * 1000 <= this.now().getTime() ? 'expired' : 'ok';
  }
}
