import { ExpiringSignature, type LinkVerdict } from '../../lib/expiring-signature.ts';

/**
 * Signed, expiring links to a simulation's PDF (ADR 0012):
 * `/api/simulator/simulations/<id>/pdf?exp=<unix seconds>&sig=<base64url HMAC-SHA256>`.
 * The HMAC covers the simulation id, its owner's id and the expiry (lib/expiring-signature.ts). The link itself is
 * the capability: it is handed only to the owner, in the answer to their own simulation, and stops working after
 * the TTL (1 hour by default).
 */
export class PdfLinkSigner {
  private readonly signature: ExpiringSignature;

  constructor(secret: string, ttlSeconds: number, now?: () => Date) {
    this.signature = new ExpiringSignature(secret, 'pilote:simulation-pdf-link:v1', ttlSeconds, now);
  }

  /** A fresh link for the owner, valid for the TTL. */
  link(simulationId: string, ownerId: string): { url: string; expiresAt: Date } {
    const exp = this.signature.expiry();
    return { url: this.urlFor(simulationId, ownerId, exp), expiresAt: new Date(exp * 1000) };
  }

  /** The link with an explicit expiry (unix seconds). */
  urlFor(simulationId: string, ownerId: string, exp: number): string {
    const sig = this.signature.sign([simulationId, ownerId], exp);
    return `/api/simulator/simulations/${encodeURIComponent(simulationId)}/pdf?exp=${exp}&sig=${sig}`;
  }

  verify(simulationId: string, ownerId: string, exp: string | undefined, sig: string | undefined): LinkVerdict {
    return this.signature.verify([simulationId, ownerId], exp, sig);
  }
}

/**
 * Whom a simulation's link is signed for: its author, or its organisation once the author's account is deleted
 * (the simulation stays with the organisation, ADR 0079).
 */
export function linkOwner(record: { userId: string | null; organisationId: string }): string {
  return record.userId ?? `organisation:${record.organisationId}`;
}
