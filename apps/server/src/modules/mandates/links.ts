import { ExpiringSignature, type LinkVerdict } from '../../lib/expiring-signature.ts';

export type PdfDisposition = 'inline' | 'attachment';

/**
 * Signed, expiring links to a mandate's PDF (ADR 0031, same scheme as ADR 0012):
 * `/api/mandates/<id>/pdf/?aud=<audience>&disp=<inline|attachment>&exp=<unix s>&sig=<HMAC-SHA256 b64url>`.
 * The HMAC covers the mandate id, the audience (`owner:<user id>` or `staff:<user id>`), the disposition and the
 * expiry (lib/expiring-signature.ts). Links live a few minutes (the answer of `…/download/` is used at once).
 */
export class MandateLinkSigner {
  private readonly signature: ExpiringSignature;

  constructor(secret: string, ttlSeconds: number, now?: () => Date) {
    this.signature = new ExpiringSignature(secret, 'pilote:mandate-pdf-link:v1', ttlSeconds, now);
  }

  url(id: string, audience: string, disposition: PdfDisposition): string {
    const exp = this.signature.expiry();
    const query = new URLSearchParams({
      aud: audience,
      disp: disposition,
      exp: String(exp),
      sig: this.signature.sign([id, audience, disposition], exp),
    });
    return `/api/mandates/${encodeURIComponent(id)}/pdf/?${query.toString()}`;
  }

  verify(id: string, audience: string, disposition: PdfDisposition, exp: string, sig: string): LinkVerdict {
    return this.signature.verify([id, audience, disposition], exp, sig);
  }
}
