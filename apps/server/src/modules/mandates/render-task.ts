// The mandate render's worker function (handle in tasks.ts): the signature PNG is checked before the renderer and its
// libraries are even loaded, so a hostile image costs a thread milliseconds (ADR 0045).
import type { SealedMandateInput, SealedMandateOutput } from './mandate-pdf.ts';
import { assertRenderableSignature } from './png-check.ts';

export async function renderMandateTask(input: SealedMandateInput): Promise<SealedMandateOutput> {
  assertRenderableSignature(input.document.signaturePng);
  const { renderSealedMandate } = await import('./mandate-pdf.ts');
  return renderSealedMandate(input);
}
