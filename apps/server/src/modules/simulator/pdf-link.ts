import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links to a simulation's PDF (ADR 0012):
 * `/api/simulator/simulations/<id>/pdf?exp=<unix seconds>&sig=<base64url HMAC-SHA256>`.
 * The HMAC covers the simulation id, its owner's id and the expiry, under a key derived from APP_SECRET for
 * this purpose only (so a CSRF token can never pass for a link signature). The link itself is the
 * capability: it is handed only to the owner, in the answer to their own simulation, and stops working after
 * the TTL (1 hour by default).
 */
export class PdfLinkSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createHmac('sha256', secret).update('pilote:simulation-pdf-link:v1').digest();
  }

  signature(simulationId: string, ownerId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${simulationId}\n${ownerId}\n${exp}`).digest('base64url');
  }

  /** A fresh link for the owner, valid for the TTL. */
  link(simulationId: string, ownerId: string): { url: string; expiresAt: Date } {
    const exp = Math.floor(this.now().getTime() / 1000) + this.ttlSeconds;
    return { url: this.urlFor(simulationId, ownerId, exp), expiresAt: new Date(exp * 1000) };
  }

  /** The link with an explicit expiry (unix seconds). */
  urlFor(simulationId: string, ownerId: string, exp: number): string {
    const sig = this.signature(simulationId, ownerId, exp);
    return `/api/simulator/simulations/${encodeURIComponent(simulationId)}/pdf?exp=${exp}&sig=${sig}`;
  }

  /** Signature first (a tampered expiry is "invalid", not "expired"), then the expiry. */
  verify(
    simulationId: string,
    ownerId: string,
    exp: string | undefined,
    sig: string | undefined,
  ): 'ok' | 'invalid' | 'expired' {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) {
      return 'invalid';
    }
    const expected = Buffer.from(this.signature(simulationId, ownerId, Number(exp)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return 'invalid';
    }
    return Number(exp) * 1000 <= this.now().getTime() ? 'expired' : 'ok';
  }
}
