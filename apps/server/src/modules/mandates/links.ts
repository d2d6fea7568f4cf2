import { createHmac, timingSafeEqual } from 'node:crypto';

export type PdfDisposition = 'inline' | 'attachment';

/**
 * Signed, expiring links to a mandate's PDF (ADR 0031, same scheme as ADR 0012):
 * `/api/mandates/<id>/pdf/?aud=<audience>&disp=<inline|attachment>&exp=<unix s>&sig=<HMAC-SHA256 b64url>`.
 * The HMAC covers the mandate id, the audience (`owner:<user id>` or `staff:<user id>`), the disposition and the
 * expiry, under a key derived from APP_SECRET for this purpose only. Links live a few minutes (the answer of
 * `…/download/` is used at once).
 */
export class MandateLinkSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = createHmac('sha256', secret).update('pilote:mandate-pdf-link:v1').digest();
  }

  private signature(id: string, audience: string, disposition: PdfDisposition, exp: number): string {
    return createHmac('sha256', this.key).update(`${id}\n${audience}\n${disposition}\n${exp}`).digest('base64url');
  }

  url(id: string, audience: string, disposition: PdfDisposition): string {
    const exp = Math.floor(this.now().getTime() / 1000) + this.ttlSeconds;
    const query = new URLSearchParams({
      aud: audience,
      disp: disposition,
      exp: String(exp),
      sig: this.signature(id, audience, disposition, exp),
    });
    return `/api/mandates/${encodeURIComponent(id)}/pdf/?${query.toString()}`;
  }

  verify(
    id: string,
    audience: string,
    disposition: PdfDisposition,
    exp: string,
    sig: string,
  ): 'ok' | 'invalid' | 'expired' {
    if (!/^\d{1,12}$/.test(exp)) {
      return 'invalid';
    }
    const expected = Buffer.from(this.signature(id, audience, disposition, Number(exp)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return 'invalid';
    }
    return Number(exp) * 1000 <= this.now().getTime() ? 'expired' : 'ok';
  }
}
