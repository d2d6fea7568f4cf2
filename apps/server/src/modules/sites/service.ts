import {
  AUDIT_MESSAGES,
  DASHBOARD_STALE_DAYS,
  SITE_IMPORT_MAX_BYTES,
  SITE_IMPORT_MAX_ERRORS,
  SITE_IMPORT_PREVIEW_ROWS,
  type Site,
  type SiteActivity,
  type SiteAuditLink,
  type SiteBody,
  type SiteImportBody,
  type SiteImportPreview,
  type SiteImportResult,
  type SiteListQuery,
  type SitesPage,
  siteMessages,
} from '@pilote/contracts';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { requireUser } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { runWorkerTask, WORKERS_BUSY_MESSAGE } from '../../workers/pool.ts';
import { addDays, parisDay } from '../mandates/dates.ts';
import type { OrganisationAccess } from '../organisations/access.ts';
import {
  allSites,
  attachAudit,
  deleteSite,
  existingPces,
  findSiteById,
  insertSite,
  insertSites,
  latestDataset,
  listSites,
  type SiteRow,
  siteAudits,
  siteOptimisations,
  siteSimulations,
  updateSite,
} from './repository.ts';
import type { ImportedRow } from './rows.ts';
import { siteTasks } from './tasks.ts';

export type SiteMandate = SiteActivity['mandates'][number];

export interface SitesServiceDeps {
  db: Database;
  /** The organisations' object check (ADR 0066): the active organisation, and any object's 404 / 403. */
  access: Pick<OrganisationAccess, 'scope' | 'authorise'>;
  /** The caller's mandates for a PCE (the mandates service decrypts the delivery point numbers). */
  mandatesOf: (actor: Actor, pce: string) => Promise<SiteMandate[]>;
  now?: () => Date;
}

export function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    name: row.name,
    pce: row.pce,
    address: row.address,
    pointType: row.pointType as Site['pointType'],
    pointCode: row.pointCode,
    option: row.option as Site['option'],
    profile: row.profile as Site['profile'],
    car: row.car,
    cja: row.cja,
    ntr: row.ntr,
    supplier: row.supplier,
    contractEndDate: row.contractEndDate,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', siteMessages.notFound);
const roundCents = (value: number) => Math.round(value * 100) / 100;

/** The site's PCE already belongs to another site of the organisation: 409 on the PCE field. */
function pceTaken(): AppError {
  return new AppError('CONFLICT', siteMessages.pceTaken, {
    details: [{ path: '/pce', message: siteMessages.pceTaken }],
  });
}

function decodeBase64(content: string): Uint8Array {
  const clean = content.replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0) {
    throw new AppError('VALIDATION_FAILED', siteMessages.fileBase64, {
      details: [{ path: '/content', message: siteMessages.fileBase64 }],
    });
  }
  const bytes = Buffer.from(clean, 'base64');
  if (bytes.byteLength > SITE_IMPORT_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', siteMessages.fileTooLarge);
  }
  if (bytes.byteLength === 0) {
    throw new AppError('VALIDATION_FAILED', siteMessages.fileEmpty, {
      details: [{ path: '/content', message: siteMessages.fileEmpty }],
    });
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Sites of an organisation (issue #24 §2, ADR 0068), through the organisations' object check (ADR 0066): lists,
 * creations, imports and exports work in the caller's active organisation; a site read by id answers 404 unless the
 * caller is a member of its organisation. Viewers read; members create, edit, import and delete the sites they made;
 * admins and owners delete any (403 otherwise, with the matrix's French sentence). An import is read in a worker
 * thread twice: once for the preview (nothing saved), once to confirm.
 */
export function createSitesService(deps: SitesServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The active organisation, when the caller's role may `action` there. */
  async function organisationOf(
    actor: Actor | null,
    action: 'read' | 'create',
  ): Promise<{ user: Actor; organisation: { id: string } }> {
    const user = requireUser(actor);
    const scope = await deps.access.scope(user, action);
    return { user, organisation: { id: scope.organisationId } };
  }

  /** The site by id, when the caller is a member of its organisation (else 404) and may `action` on it (else 403). */
  async function authorised(
    actor: Actor | null,
    id: string,
    action: 'read' | 'edit' | 'delete',
  ): Promise<{ user: Actor; row: SiteRow }> {
    const user = requireUser(actor);
    const row = await findSiteById(db, id);
    await deps.access.authorise(
      user,
      row ? { organisationId: row.organisationId, userId: row.createdBy } : undefined,
      action,
      notFound,
    );
    return { user, row: row as SiteRow };
  }

  /** The file read and checked in a worker thread; PCEs the organisation already has are errors too. */
  async function readImport(
    user: Actor,
    organisationId: string,
    body: SiteImportBody,
  ): Promise<{ format: 'csv' | 'xlsx'; rows: ImportedRow[] }> {
    const bytes = decodeBase64(body.content);
    const read = await runWorkerTask(siteTasks.readImport, { bytes }, { owner: user.user.id });
    if (!read.ok) {
      if (read.error.kind === 'busy') {
        throw new AppError('SERVICE_UNAVAILABLE', WORKERS_BUSY_MESSAGE);
      }
      const message = 'Fichier illisible : sa lecture a dépassé le temps ou la mémoire permis.';
      throw new AppError('VALIDATION_FAILED', message, { details: [{ path: '/content', message }] });
    }
    if (!read.value.ok) {
      throw new AppError('VALIDATION_FAILED', read.value.message, {
        details: [{ path: '/content', message: read.value.message }],
      });
    }
    const rows = read.value.rows;
    const candidates = rows.flatMap((row) => (row.site ? [row.site.pce] : []));
    const taken = await existingPces(db, organisationId, candidates);
    for (const row of rows) {
      if (row.site && taken.has(row.site.pce)) {
        row.errors.push({ line: row.line, column: 'PCE', message: siteMessages.pceTaken });
        row.site = null;
      }
    }
    return { format: read.value.format, rows };
  }

  return {
    async list(actor: Actor | null, query: SiteListQuery): Promise<SitesPage> {
      const { organisation } = await organisationOf(actor, 'read');
      const staleBefore = addDays(parisDay(now()), -DASHBOARD_STALE_DAYS);
      const { rows, total } = await listSites(db, organisation.id, query, staleBefore);
      return { items: rows.map(toSite), total, page: query.page, pageSize: query.pageSize };
    },

    async get(actor: Actor | null, id: string): Promise<Site> {
      return toSite((await authorised(actor, id, 'read')).row);
    },

    /** The site, when the caller may save a result to it (member and above), else 404 / 403. */
    /**
     * The site a new result is saved to: one of the active organisation (where the result is stored, ADR 0066), when
     * the caller may create there (else 403); any other id is unknown (404).
     */
    async forResult(actor: Actor | null, id: string): Promise<Site> {
      const { organisation } = await organisationOf(actor, 'create');
      const row = await findSiteById(db, id);
      if (!row || row.organisationId !== organisation.id) {
        throw notFound();
      }
      return toSite(row);
    },

    async create(actor: Actor | null, body: SiteBody): Promise<Site> {
      const { user, organisation } = await organisationOf(actor, 'create');
      const row = await insertSite(db, organisation.id, user.user.id, body, now());
      if (!row) {
        throw pceTaken();
      }
      return toSite(row);
    },

    async update(actor: Actor | null, id: string, body: SiteBody): Promise<Site> {
      const { row: current } = await authorised(actor, id, 'edit');
      const row = await updateSite(db, current.organisationId, id, body, now());
      if (row === 'taken') {
        throw pceTaken();
      }
      if (!row) {
        throw notFound();
      }
      return toSite(row);
    },

    /** « Rattacher à un site » (ADR 0079): an audit of the site's organisation saved to it; member and above. */
    async attachAudit(actor: Actor | null, id: string, auditId: string): Promise<SiteAuditLink> {
      const { row } = await authorised(actor, id, 'edit');
      if (!(await attachAudit(db, row.organisationId, row.id, auditId))) {
        throw new AppError('NOT_FOUND', AUDIT_MESSAGES.notFound);
      }
      return { siteId: row.id, auditId };
    },

    async remove(actor: Actor | null, id: string): Promise<{ deleted: true }> {
      const { row } = await authorised(actor, id, 'delete');
      if (!(await deleteSite(db, row.organisationId, id))) {
        throw notFound();
      }
      return { deleted: true };
    },

    async activity(actor: Actor | null, id: string): Promise<SiteActivity> {
      const { user, row: site } = await authorised(actor, id, 'read');
      const [simulationRows, optimisationRows, auditRows, dataset, mandates] = await Promise.all([
        siteSimulations(db, site.id),
        siteOptimisations(db, site.id),
        siteAudits(db, site.id, site.pce, site.organisationId),
        latestDataset(db, site.organisationId, site.pce),
        deps.mandatesOf(user, site.pce),
      ]);
      const auditItems = auditRows.map((row) => {
        const report = row.report as { findings?: { severity: string }[]; overBilledEuros?: number } | null;
        const done = row.status === 'done' && report !== null;
        return {
          id: row.id,
          fileName: row.fileName,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          anomalies: done ? (report.findings ?? []).filter((f) => f.severity === 'anomalie').length : null,
          recoverable: done && typeof report.overBilledEuros === 'number' ? report.overBilledEuros : null,
        };
      });
      const recoverables = auditItems.flatMap((audit) => (audit.recoverable === null ? [] : [audit.recoverable]));
      const optimisationsOut = optimisationRows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        code: row.code,
        commune: row.commune,
        tso: row.tso,
        tarif: row.tarif as SiteActivity['optimisations'][number]['tarif'],
        dateEffet: row.dateEffet,
        cjaActuelle: row.cjaActuelle,
        cjaOptimisee: row.cjaOptimisee,
        economieAnnuelle: row.economieAnnuelle,
        pourcentageEconomie: row.pourcentageEconomie,
        coutAvant: row.coutAvant,
        coutApres: row.coutApres,
        seriesEstimated: row.seriesEstimated,
        hasEstimates: row.hasEstimates,
        detailKept: row.detailKept,
      }));
      return {
        consumption: dataset
          ? { datasetId: dataset.id, label: dataset.label, createdAt: dataset.createdAt.toISOString() }
          : null,
        mandates,
        simulations: simulationRows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          pointDeReseau: row.pointDeReseau as SiteActivity['simulations'][number]['pointDeReseau'],
          code: row.code,
          commune: row.commune,
          gestionnaire: row.pointDeReseau === 'PITD' ? row.dso : row.tso,
          tarif: row.tarif,
          dateEffet: row.dateEffet,
          totalAnnuelHt: row.totalAnnuel === null ? null : roundCents(Number(row.totalAnnuel)),
          usedSampleData: row.usedSampleData,
        })),
        optimisations: optimisationsOut,
        audits: auditItems,
        optimisationSavings: optimisationsOut[0]?.economieAnnuelle ?? null,
        recoverable: recoverables.length > 0 ? roundCents(recoverables.reduce((sum, value) => sum + value, 0)) : null,
      };
    },

    /** The preview: every row's errors (at most `SITE_IMPORT_MAX_ERRORS`), the first valid rows. Saves nothing. */
    async previewImport(actor: Actor | null, body: SiteImportBody): Promise<SiteImportPreview> {
      const { user, organisation } = await organisationOf(actor, 'create');
      const { format, rows } = await readImport(user, organisation.id, body);
      const valid = rows.filter((row) => row.site !== null);
      return {
        format,
        rowCount: rows.length,
        validCount: valid.length,
        invalidCount: rows.length - valid.length,
        errors: rows.flatMap((row) => row.errors).slice(0, SITE_IMPORT_MAX_ERRORS),
        rows: valid.slice(0, SITE_IMPORT_PREVIEW_ROWS).map((row) => ({ line: row.line, site: row.site as SiteBody })),
      };
    },

    /** The same file again: its valid rows saved in one transaction; rows with errors are left out. */
    async confirmImport(actor: Actor | null, body: SiteImportBody): Promise<SiteImportResult> {
      const { user, organisation } = await organisationOf(actor, 'create');
      const { rows } = await readImport(user, organisation.id, body);
      const valid = rows.flatMap((row) => (row.site ? [row.site] : []));
      if (valid.length === 0) {
        throw new AppError('VALIDATION_FAILED', siteMessages.nothingToImport, {
          details: [{ path: '/content', message: siteMessages.nothingToImport }],
        });
      }
      const created = await db.transaction((tx) => insertSites(tx, organisation.id, user.user.id, valid, now()));
      return { created, skipped: rows.length - created };
    },

    async export(
      actor: Actor | null,
      format: 'csv' | 'xlsx',
    ): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
      const { user, organisation } = await organisationOf(actor, 'read');
      const list = (await allSites(db, organisation.id)).map((row) => ({
        name: row.name,
        pce: row.pce,
        address: row.address,
        pointType: row.pointType,
        pointCode: row.pointCode,
        option: row.option,
        profile: row.profile,
        car: row.car,
        cja: row.cja,
        ntr: row.ntr,
        supplier: row.supplier,
        contractEndDate: row.contractEndDate,
        tags: row.tags,
      }));
      const written = await runWorkerTask(siteTasks.writeExport, { sites: list, format }, { owner: user.user.id });
      if (!written.ok) {
        throw new AppError('SERVICE_UNAVAILABLE', WORKERS_BUSY_MESSAGE);
      }
      const day = now().toISOString().slice(0, 10);
      return {
        bytes: written.value,
        fileName: `sites-${day}.${format}`,
        contentType:
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      };
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
