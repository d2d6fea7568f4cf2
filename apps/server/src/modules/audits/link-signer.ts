import { ExpiringSignature, type LinkVerdict } from '../../lib/expiring-signature.ts';

/**
 * Signed, expiring links to an audit's claim letter (like the simulation PDF links, ADR 0012/0034):
 * `/api/audits/<id>/claim-letter?exp=<unix seconds>&sig=<HMAC-SHA256>` over the audit id, its owner and the
 * expiry (lib/expiring-signature.ts).
 */
export class ClaimLetterLinkSigner {
  private readonly signature: ExpiringSignature;

  constructor(secret: string, ttlSeconds: number, now?: () => Date) {
    this.signature = new ExpiringSignature(secret, 'pilote:audit-claim-letter-link:v1', ttlSeconds, now);
  }

  link(auditId: string, ownerId: string): { url: string; expiresAt: Date } {
    const exp = this.signature.expiry();
    const sig = this.signature.sign([auditId, ownerId], exp);
    return {
      url: `/api/audits/${encodeURIComponent(auditId)}/claim-letter?exp=${exp}&sig=${sig}`,
      expiresAt: new Date(exp * 1000),
    };
  }

  verify(auditId: string, ownerId: string, exp: string | undefined, sig: string | undefined): LinkVerdict {
    return this.signature.verify([auditId, ownerId], exp, sig);
  }
}
