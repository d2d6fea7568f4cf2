import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { OrganisationAccess } from '../organisations/access.ts';
import type { Quota } from '../plans/quota.ts';
import type { ReferenceData } from '../reference-data/source.ts';
import type { TariffOverlaySource } from '../tariff-data/overlay-source.ts';
import type { PdfLinkSigner } from './pdf-link.ts';
import type { PdfRenderer } from './pdf-renderer.ts';

export interface SimulatorServiceDependencies {
  db: Database;
  referenceData: ReferenceData;
  /** Stored dated values laid over the packaged grids (ADR 0025). */
  tariffOverlay: TariffOverlaySource;
  pdfLinks: PdfLinkSigner;
  /** Renders off the main thread (pdf-renderer.ts); its output is stored per simulation (ADR 0018). */
  pdfRenderer: PdfRenderer;
  /** The plans' quotas: a simulation and a rendered PDF report each take one unit (ADR 0027). */
  quota: Quota;
  /** Throws (404 / 403) unless the caller may save a result to this site of their organisation (ADR 0068). */
  checkSite: (actor: Actor, siteId: string) => Promise<void>;
  /** Simulations belong to organisations (ADR 0066): made in the active one, read by id in any of the caller's. */
  access: Pick<OrganisationAccess, 'scope' | 'authorise'>;
  now?: () => Date;
}

/** What each part of the simulator receives: the dependencies, with the clock resolved. */
export type SimulatorContext = Required<SimulatorServiceDependencies>;

export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}
