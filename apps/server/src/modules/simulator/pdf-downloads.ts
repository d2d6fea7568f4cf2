/** The PDF report of a stored simulation: a fresh signed link for its owner, the download behind a link (ADR 0012). */
import type { SimulationPdfLinkResponse } from '@pilote/contracts';
import { type Actor, requireUser } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SimulatorContext } from './context.ts';
import { linkOwner } from './pdf-link.ts';
import { PDF_RENDERER_VERSION } from './pdf-renderer-version.ts';
import type { SimulationReport } from './report.ts';
import { storedSimulationInputSchema } from './report.ts';
import { findSimulation, findSimulationPdf, type SimulationRecord, storeSimulationPdf } from './repository.ts';

export function createSimulationPdfs({ db, pdfLinks, pdfRenderer, quota, access, now }: SimulatorContext) {
  /** Renders under way in this instance, per simulation: concurrent downloads of one PDF share one render. */
  const rendering = new Map<string, Promise<Uint8Array>>();

  /**
   * The stored PDF of the simulation, or a render (once per simulation and renderer version: the bytes are
   * kept in `simulation_pdfs`, so every instance serves the first render; its date is the generation date).
   */
  async function pdfBytes(record: SimulationRecord): Promise<Uint8Array> {
    const stored = await findSimulationPdf(db, record.id, PDF_RENDERER_VERSION);
    if (stored) {
      return stored;
    }
    let pending = rendering.get(record.id);
    if (!pending) {
      // A render is the costly action the `pdf_reports` quota counts (once per simulation: later downloads
      // read the stored bytes); a failed render gives its unit back.
      const render = async () => {
        const bytes = await pdfRenderer.render(toReport(record), now(), record.userId ?? record.organisationId);
        await storeSimulationPdf(db, record.id, PDF_RENDERER_VERSION, bytes);
        return bytes;
      };
      // The author's account deleted (ADR 0079): no quota left to count it in; still rendered once per simulation.
      const author = record.userId;
      pending = (author === null ? render() : quota.run(author, 'pdf_reports', render)).finally(() =>
        rendering.delete(record.id),
      );
      rendering.set(record.id, pending);
    }
    return pending;
  }

  return {
    /**
     * A fresh signed link for a member of the simulation's organisation (ADR 0066; the previous one expired while
     * the result was on screen). The link is signed for the simulation's author, whose quota pays the render.
     */
    async pdfLink(actor: Actor | null, simulationId: string): Promise<SimulationPdfLinkResponse> {
      const signedIn = requireUser(actor);
      const { user } = signedIn;
      const { object: record } = await access.authorise(
        signedIn,
        await findSimulation(db, simulationId),
        'read',
        () => new AppError('NOT_FOUND', 'Simulation introuvable.'),
      );
      if (!(await findSimulationPdf(db, record.id, PDF_RENDERER_VERSION))) {
        // Not rendered yet: say now (429 « limite ») rather than at the download when no PDF report is left.
        await quota.check(user.id, 'pdf_reports');
      }
      const link = pdfLinks.link(record.id, linkOwner(record));
      return { pdfUrl: link.url, pdfUrlExpiresAt: link.expiresAt.toISOString() };
    },

    /** The signature is the capability (ADR 0012): no session needed, but it must be valid and unexpired. */
    async pdf(
      simulationId: string,
      exp: string | undefined,
      sig: string | undefined,
    ): Promise<{ bytes: Uint8Array; fileName: string }> {
      const record = await findSimulation(db, simulationId);
      const verdict = record ? pdfLinks.verify(record.id, linkOwner(record), exp, sig) : 'invalid';
      if (verdict === 'invalid' || !record) {
        throw new AppError(
          'PDF_LINK_INVALID',
          'Lien de téléchargement invalide : il a pu être modifié ou ne correspond à aucune simulation.',
        );
      }
      if (verdict === 'expired') {
        throw new AppError(
          'PDF_LINK_EXPIRED',
          'Ce lien de téléchargement a expiré. Rouvrez le résultat de la simulation ou relancez-la pour obtenir un nouveau lien.',
        );
      }
      const bytes = await pdfBytes(record);
      return { bytes, fileName: `simulation-${record.dateEffet.slice(0, 7)}-${record.id.slice(0, 8)}.pdf` };
    },
  };
}

function toReport(record: SimulationRecord): SimulationReport {
  return {
    id: record.id,
    createdAt: record.createdAt,
    // Parsed on read with the contract's schema (ADR 0060): once per render, which costs far more (the bytes are then
    // stored), never on the simulate path.
    input: storedSimulationInputSchema.parse(record.input),
    result: record.result,
  };
}
