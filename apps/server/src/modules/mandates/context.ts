import {
  isActiveMandateStatus,
  MANDATE_MESSAGES,
  type Mandate,
  type MandateDownloadResponse,
  type MandateKind,
  type MandateManager,
  type MandateOperatorData,
  type MandateStatus,
  type MandateValidation,
  type MandateVerifyResponse,
  mandateStatusLabels,
  type StaffMandate,
} from '@pilote/contracts';
import type { JobQueue } from '../../adapters/jobs/index.ts';
import type { Mailer } from '../../adapters/mail/types.ts';
import type { OperatorDataAdapter } from '../../adapters/operator-data/types.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OrganisationAccess } from '../organisations/access.ts';
import type { createQuota } from '../plans/quota.ts';
import { decryptBytes, decryptText, type MandateKeyring } from './crypto.ts';
import { daysBetween, parisDay } from './dates.ts';
import type { MandateLinkSigner, PdfDisposition } from './links.ts';
import type { SealedMandateInput, SealedMandateOutput } from './mandate-pdf.ts';
import { managerDisplay } from './mandate-text.ts';
import { createOperatorRepository, type OperatorAccessRow, type SeriesStats } from './operator-repository.ts';
import { createMandatesRepository, type MandateRow } from './repository.ts';
import { checkSeal, type SealCertificate, sha256Hex } from './seal.ts';

/** Keys and certificate, resolved at start (start-server.ts) or on first use (tests, commands). */
export interface MandateSecrets {
  keyring: MandateKeyring;
  seal: SealCertificate;
}

export interface MandatesDependencies {
  db: Database;
  secrets: () => Promise<MandateSecrets>;
  /** Renders and seals the PDF off the event loop (worker thread). */
  renderMandate: (input: SealedMandateInput) => Promise<SealedMandateOutput>;
  mailer: Mailer;
  quota: Pick<ReturnType<typeof createQuota>, 'run'>;
  /** Mandates belong to organisations (ADR 0066): lists read the active one, an id any of the caller's. */
  access: Pick<OrganisationAccess, 'scope' | 'authorise'>;
  links: MandateLinkSigner;
  /** Where `send` mails each manager (MANDATE_MANAGER_EMAILS). */
  managerEmails: Partial<Record<MandateManager, string>>;
  publicUrl: string;
  /** GRDF mandates declared through the operator-data adapter (ADR 0072); null/absent: the manager's mail. */
  operatorData?: OperatorDataAdapter | null;
  /** Where the operator jobs are enqueued (the app's queue). */
  jobs?: Pick<JobQueue, 'enqueue'>;
  /** First delay between two polls of a pending access right (doubles, up to an hour; default 5 s). */
  operatorPollMs?: number;
  now: () => Date;
  logger: {
    info(object: Record<string, unknown>, message: string): void;
    error(object: Record<string, unknown>, message: string): void;
  };
}

/** Who signs and from where (evidence page). */
export interface RequestMeta {
  ip: string;
  userAgent: string;
}

type PersonalField =
  | 'managerName'
  | 'deliveryPointNumber'
  | 'address'
  | 'postalCode'
  | 'city'
  | 'signature'
  | 'evidence';

export const aad = (id: string, field: PersonalField | 'pdf') => `mandate:${id}:${field}`;

export function invalid(result: MandateValidation & { ok: false }): never {
  throw new AppError('VALIDATION_FAILED', result.issue.message, { details: [result.issue] });
}

export function notFound(): never {
  throw new AppError('NOT_FOUND', MANDATE_MESSAGES.notFound);
}

export function conflict(message: string): never {
  throw new AppError('MANDATE_STATUS_CONFLICT', message);
}

interface Decrypted {
  managerName: string | null;
  deliveryPointNumber: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
}

/**
 * What every actor's use cases share: the repository, the decryption of a row and its views, the customer's mail,
 * the signed PDF links and the check of a stored document.
 */
export function createMandateContext(deps: MandatesDependencies) {
  const repository = createMandatesRepository(deps.db);
  const operatorRepository = createOperatorRepository(deps.db);

  /** The card's view of a mandate's operator side (ADR 0072): the right's state, the data fetched. */
  function operatorView(access: OperatorAccessRow | undefined, stats: SeriesStats | undefined) {
    if (!access) {
      return null;
    }
    const view: MandateOperatorData = {
      source: access.source as MandateOperatorData['source'],
      demo: access.source === 'demo',
      access_state: access.accessState as MandateOperatorData['access_state'],
      reason: access.reason,
      sync_status: access.syncStatus as MandateOperatorData['sync_status'],
      sync_error: access.syncError,
      last_sync_at: access.lastSyncAt?.toISOString() ?? null,
      period_start: stats?.start ?? null,
      period_end: stats?.end ?? null,
      days: stats?.days ?? 0,
    };
    return view;
  }

  async function operatorDataOf(id: string): Promise<MandateOperatorData | null> {
    const access = await operatorRepository.access(id);
    if (!access) {
      return null;
    }
    return operatorView(access, (await operatorRepository.seriesStats([id])).get(id));
  }

  async function decryptRow(row: MandateRow): Promise<Decrypted> {
    const { keyring } = await deps.secrets();
    const open = (field: PersonalField, value: string | null) =>
      value === null ? null : decryptText(keyring, aad(row.id, field), value);
    return {
      managerName: open('managerName', row.managerNameEnc),
      deliveryPointNumber: open('deliveryPointNumber', row.deliveryPointNumberEnc),
      address: open('address', row.addressEnc),
      postalCode: open('postalCode', row.postalCodeEnc),
      city: open('city', row.cityEnc),
    };
  }

  function baseView(row: MandateRow, plain: Decrypted) {
    const status = row.status as MandateStatus;
    const manager = row.manager as MandateManager;
    return {
      id: row.id,
      is_active: isActiveMandateStatus(status),
      kind: row.kind as MandateKind,
      energy_type: row.energyType as Mandate['energy_type'],
      manager,
      manager_display: managerDisplay(manager, plain.managerName),
      manager_name: plain.managerName,
      delivery_point_number: plain.deliveryPointNumber,
      delivery_point_address: plain.address,
      delivery_point_postal_code: plain.postalCode,
      delivery_point_city: plain.city,
      status,
      status_display: mandateStatusLabels[status],
      created_at: row.createdAt.toISOString(),
      sent_date: row.sentDate?.toISOString() ?? null,
      // A revoked or rejected mandate has no expiry to come: it ended (revoked_at / rejected_at), issue #21 §4.
      expiry_date: status === 'revoked' || status === 'rejected' ? null : row.expiryDate,
      duration_months: row.durationMonths,
      authorized_consumption_data: row.authorizedConsumptionData,
      authorized_technical_data: row.authorizedTechnicalData,
      authorized_contractual_data: row.authorizedContractualData,
      authorized_load_curve: row.authorizedLoadCurve,
      activated_at: row.activatedAt?.toISOString() ?? null,
      revoked_at: row.revokedAt?.toISOString() ?? null,
      rejected_at: row.rejectedAt?.toISOString() ?? null,
      rejection_reason: row.rejectionReason,
      expired_at: row.expiredAt?.toISOString() ?? null,
      personal_data_purged: row.purgedAt !== null,
    };
  }

  async function toMandate(row: MandateRow): Promise<Mandate> {
    const plain = await decryptRow(row);
    const hasPdf = row.pdfSha256 !== null && row.purgedAt === null;
    return {
      ...baseView(row, plain),
      operator_data: await operatorDataOf(row.id),
      days_until_expiry: row.status === 'active' ? daysBetween(parisDay(deps.now()), row.expiryDate) : null,
      signed_pdf_url: hasPdf ? `/api/mandates/${row.id}/download/` : null,
    };
  }

  async function toStaffMandate(
    row: MandateRow,
    customer: { id: string; email: string; name: string } | undefined | null,
  ): Promise<StaffMandate> {
    const plain = await decryptRow(row);
    return {
      ...baseView(row, plain),
      operator_data: await operatorDataOf(row.id),
      customer: customer ?? { id: row.userId ?? '', email: '', name: 'Compte supprimé' },
      has_pdf: row.pdfSha256 !== null && row.purgedAt === null,
      decided_by: row.decidedBy,
    };
  }

  async function pdfLinks(id: string, audience: string, filenameStem: string): Promise<MandateDownloadResponse> {
    return {
      view_url: deps.links.url(id, audience, 'inline'),
      download_url: deps.links.url(id, audience, 'attachment'),
      filename: `${filenameStem}.pdf`,
    };
  }

  function filenameOf(row: MandateRow): string {
    return `mandat-${row.energyType === 'electricity' ? 'electricite' : 'gaz'}-${row.createdAt.toISOString().slice(0, 10)}-${row.id.slice(0, 8)}`;
  }

  async function mailCustomer(row: MandateRow, subject: string, text: string): Promise<void> {
    const customer = await repository.customerOf(row.userId);
    if (!customer) {
      return;
    }
    const link = `${deps.publicUrl}/private/account/mandats`;
    await deps.mailer.send({ to: customer.email, subject, text: `${text}\n\nVos mandats : ${link}`, links: [link] });
  }

  async function verifyRow(row: MandateRow): Promise<MandateVerifyResponse> {
    const stored = row.purgedAt === null ? await repository.document(row.id) : undefined;
    if (!stored || row.pdfSha256 === null) {
      return {
        valid: false,
        recorded_sha256: row.pdfSha256,
        current_sha256: null,
        sealed_at: row.sealedAt?.toISOString() ?? null,
        sealed_by: null,
        message:
          row.purgedAt !== null
            ? 'Le document a été supprimé avec les données personnelles du mandat ; son empreinte reste enregistrée.'
            : "Ce mandat n'a pas de document PDF.",
      };
    }
    const { keyring } = await deps.secrets();
    const pdf = decryptBytes(keyring, aad(row.id, 'pdf'), stored);
    const current = sha256Hex(pdf);
    const seal = checkSeal(pdf);
    const valid = current === row.pdfSha256 && seal.intact;
    return {
      valid,
      recorded_sha256: row.pdfSha256,
      current_sha256: current,
      sealed_at: seal.signedAt?.toISOString() ?? row.sealedAt?.toISOString() ?? null,
      sealed_by: seal.subject,
      message: valid
        ? 'Le document stocké est intact : son empreinte et son cachet correspondent à ceux de la signature.'
        : 'Le document stocké ne correspond plus au document scellé : il a été modifié après la signature.',
    };
  }

  /**
   * The PDF behind a signed link (no session: the link is the capability). Audiences: `member:<organisation id>`
   * (a member of the mandate's organisation asked for it, ADR 0066), `owner:<user id>` (links made before) or
   * `staff`.
   */
  async function pdfBehindLink(id: string, query: { aud: string; disp: PdfDisposition; exp: string; sig: string }) {
    const check = deps.links.verify(id, query.aud, query.disp, query.exp, query.sig);
    if (check !== 'ok') {
      throw new AppError(check === 'expired' ? 'PDF_LINK_EXPIRED' : 'PDF_LINK_INVALID');
    }
    const row = await repository.findById(id);
    const [kind, audience] = query.aud.split(':');
    const allowed =
      kind === 'staff' ||
      (kind === 'owner' && row?.userId === audience) ||
      (kind === 'member' && row?.organisationId === audience);
    if (!row || !allowed) {
      notFound();
    }
    const stored = await repository.document(row.id);
    if (!stored) {
      notFound();
    }
    const { keyring } = await deps.secrets();
    return { bytes: decryptBytes(keyring, aad(row.id, 'pdf'), stored), filename: `${filenameOf(row)}.pdf` };
  }

  return {
    deps,
    repository,
    operatorRepository,
    decryptRow,
    toMandate,
    toStaffMandate,
    pdfLinks,
    filenameOf,
    mailCustomer,
    verifyRow,
    pdfBehindLink,
  };
}

export type MandateContext = ReturnType<typeof createMandateContext>;
