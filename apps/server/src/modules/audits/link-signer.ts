import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links to an audit's claim letter (like the simulation PDF links, ADR 0012/0034):
 * `/api/audits/<id>/claim-letter?exp=<unix seconds>&sig=<HMAC-SHA256>` over the audit id, its owner and the
 * expiry, under a key derived from APP_SECRET for this purpose only.
 */
export class ClaimLetterLinkSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createHmac('sha256', secret).update('pilote:audit-claim-letter-link:v1').digest();
  }

  private signature(auditId: string, ownerId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${auditId}\n${ownerId}\n${exp}`).digest('base64url');
  }

  link(auditId: string, ownerId: string): { url: string; expiresAt: Date } {
    const exp = Math.floor(this.now().getTime() / 1000) + this.ttlSeconds;
    const sig = this.signature(auditId, ownerId, exp);
    return {
      url: `/api/audits/${encodeURIComponent(auditId)}/claim-letter?exp=${exp}&sig=${sig}`,
      expiresAt: new Date(exp * 1000),
    };
  }

  verify(
    auditId: string,
    ownerId: string,
    exp: string | undefined,
    sig: string | undefined,
  ): 'ok' | 'invalid' | 'expired' {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) {
      return 'invalid';
    }
    const expected = Buffer.from(this.signature(auditId, ownerId, Number(exp)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return 'invalid';
    }
    return Number(exp) * 1000 <= this.now().getTime() ? 'expired' : 'ok';
  }
}
