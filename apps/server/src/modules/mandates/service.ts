import { randomUUID } from 'node:crypto';
import {
  canTransitionMandate,
  isActiveMandateStatus,
  MANDATE_LIMITS,
  MANDATE_MESSAGES,
  type Mandate,
  type MandateDeleteResponse,
  type MandateDownloadResponse,
  type MandateKind,
  type MandateListQuery,
  type MandateListResponse,
  type MandateManager,
  type MandateStatus,
  type MandateValidation,
  type MandateVerifyResponse,
  mandateStatuses,
  mandateStatusLabels,
  type PatchMandateBody,
  revocationConfirmed,
  type SignedMandateBody,
  type SimpleMandateBody,
  type StaffMandate,
  type StaffMandateListQuery,
  type StaffMandateListResponse,
  type ValidMandateFields,
  validateSignedMandate,
  validateSimpleMandate,
} from '@pilote/contracts';
import type { Mailer } from '../../adapters/mail/types.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../auth/session.ts';
import { requireRole, requireUser } from '../auth/session.ts';
import type { createQuota } from '../plans/quota.ts';
import { decryptBytes, decryptText, encryptBytes, encryptText, type MandateKeyring } from './crypto.ts';
import { addDays, daysBetween, expiryDay, parisDay } from './dates.ts';
import type { MandateLinkSigner, PdfDisposition } from './links.ts';
import type { SealedMandateInput, SealedMandateOutput } from './mandate-pdf.ts';
import { CONSENT_TEXT_VERSION, frenchDay, type MandateDocumentInput, managerDisplay } from './mandate-text.ts';
import { createMandatesRepository, type MandateRow, type NewMandateRow } from './repository.ts';
import { checkSeal, type SealCertificate, sha256Hex } from './seal.ts';
import { decodeSignaturePng } from './signature-image.ts';

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
  links: MandateLinkSigner;
  /** Where `send` mails each manager (MANDATE_MANAGER_EMAILS). */
  managerEmails: Partial<Record<MandateManager, string>>;
  publicUrl: string;
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

const aad = (id: string, field: PersonalField | 'pdf') => `mandate:${id}:${field}`;

function invalid(result: MandateValidation & { ok: false }): never {
  throw new AppError('VALIDATION_FAILED', result.issue.message, { details: [result.issue] });
}

function notFound(): never {
  throw new AppError('NOT_FOUND', MANDATE_MESSAGES.notFound);
}

function conflict(message: string): never {
  throw new AppError('MANDATE_STATUS_CONFLICT', message);
}

interface Decrypted {
  managerName: string | null;
  deliveryPointNumber: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
}

export function createMandatesService(deps: MandatesDependencies) {
  const repository = createMandatesRepository(deps.db);

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
      customer: customer ?? { id: row.userId ?? '', email: '', name: 'Compte supprimé' },
      has_pdf: row.pdfSha256 !== null && row.purgedAt === null,
      decided_by: row.decidedBy,
    };
  }

  async function owned(actor: Actor | null, id: string): Promise<{ user: Actor['user']; row: MandateRow }> {
    const { user } = requireUser(actor);
    const row = await repository.findOwned(user.id, id);
    if (!row) {
      notFound();
    }
    return { user, row };
  }

  /** Encrypted columns of the personal fields, bound to the row id. */
  function sealFields(
    keyring: MandateKeyring,
    id: string,
    fields: ValidMandateFields,
  ): Pick<NewMandateRow, 'managerNameEnc' | 'deliveryPointNumberEnc' | 'addressEnc' | 'postalCodeEnc' | 'cityEnc'> {
    return {
      managerNameEnc:
        fields.manager_name === null ? null : encryptText(keyring, aad(id, 'managerName'), fields.manager_name),
      deliveryPointNumberEnc: encryptText(keyring, aad(id, 'deliveryPointNumber'), fields.delivery_point_number),
      addressEnc: encryptText(keyring, aad(id, 'address'), fields.delivery_point_address),
      postalCodeEnc: encryptText(keyring, aad(id, 'postalCode'), fields.delivery_point_postal_code),
      cityEnc: encryptText(keyring, aad(id, 'city'), fields.delivery_point_city),
    };
  }

  async function render(
    id: string,
    kind: MandateKind,
    fields: ValidMandateFields,
    user: Actor['user'],
    meta: RequestMeta,
    signaturePng: Buffer | null,
    signedAt: Date,
  ) {
    const secrets = await deps.secrets();
    const expiryDate = expiryDay(parisDay(signedAt), fields.duration_months);
    const document: MandateDocumentInput = {
      mandateId: id,
      kind,
      energyType: fields.energy_type,
      manager: fields.manager,
      managerName: fields.manager_name,
      deliveryPointNumber: fields.delivery_point_number,
      address: fields.delivery_point_address,
      postalCode: fields.delivery_point_postal_code,
      city: fields.delivery_point_city,
      categories: {
        authorized_consumption_data: fields.authorized_consumption_data,
        authorized_technical_data: fields.authorized_technical_data,
        authorized_contractual_data: fields.authorized_contractual_data,
        authorized_load_curve: fields.authorized_load_curve,
      },
      durationMonths: fields.duration_months,
      expiryDate,
      signer: { userId: user.id, name: user.name, email: user.email },
      signedAt: signedAt.toISOString(),
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 500),
      consentTextVersion: CONSENT_TEXT_VERSION,
      signaturePng,
    };
    const sealed = await deps.renderMandate({
      document,
      p12: secrets.seal.p12,
      passphrase: secrets.seal.passphrase,
      sealedAt: signedAt.toISOString(),
    });
    const keyring = secrets.keyring;
    return {
      expiryDate,
      sealed,
      pdfEnc: encryptBytes(keyring, aad(id, 'pdf'), sealed.pdf),
      columns: {
        ...sealFields(keyring, id, fields),
        signatureEnc: signaturePng ? encryptText(keyring, aad(id, 'signature'), signaturePng.toString('base64')) : null,
        evidenceEnc: encryptText(
          keyring,
          aad(id, 'evidence'),
          JSON.stringify({ ip: meta.ip, userAgent: document.userAgent, contentSha256: sealed.contentSha256 }),
        ),
      },
    };
  }

  async function create(
    actor: Actor | null,
    kind: MandateKind,
    fields: ValidMandateFields,
    signaturePng: Buffer | null,
    meta: RequestMeta,
  ): Promise<Mandate> {
    const { user } = requireUser(actor);
    return deps.quota.run(user.id, 'mandates', async () => {
      const id = randomUUID();
      const signedAt = deps.now();
      const rendered = await render(id, kind, fields, user, meta, signaturePng, signedAt);
      const row = await repository.insert(
        {
          id,
          userId: user.id,
          kind,
          energyType: fields.energy_type,
          manager: fields.manager,
          status: 'pending',
          ...rendered.columns,
          authorizedConsumptionData: fields.authorized_consumption_data,
          authorizedTechnicalData: fields.authorized_technical_data,
          authorizedContractualData: fields.authorized_contractual_data,
          authorizedLoadCurve: fields.authorized_load_curve,
          durationMonths: fields.duration_months,
          expiryDate: rendered.expiryDate,
          consentTextVersion: CONSENT_TEXT_VERSION,
          pdfSha256: rendered.sealed.sha256,
          sealedAt: signedAt,
          createdAt: signedAt,
          updatedAt: signedAt,
        },
        rendered.pdfEnc,
      );
      return toMandate(row);
    });
  }

  async function currentFields(row: MandateRow): Promise<SimpleMandateBody> {
    const plain = await decryptRow(row);
    const number = plain.deliveryPointNumber;
    return {
      energy_type: row.energyType,
      manager: row.manager,
      manager_name: plain.managerName,
      pdl: row.energyType === 'electricity' ? number : null,
      pce: row.energyType === 'gas' ? number : null,
      delivery_point_address: plain.address,
      delivery_point_postal_code: plain.postalCode,
      delivery_point_city: plain.city,
      authorized_consumption_data: row.authorizedConsumptionData,
      authorized_technical_data: row.authorizedTechnicalData,
      authorized_contractual_data: row.authorizedContractualData,
    };
  }

  async function revokeRow(row: MandateRow, confirmation: string | null | undefined): Promise<MandateRow> {
    const status = row.status as MandateStatus;
    if (!canTransitionMandate(status, 'revoked')) {
      conflict(MANDATE_MESSAGES.notRevocable);
    }
    const plain = await decryptRow(row);
    const number = plain.deliveryPointNumber ?? '';
    if (!revocationConfirmed(number, confirmation)) {
      const message = MANDATE_MESSAGES.revokeConfirmation(number);
      throw new AppError('VALIDATION_FAILED', message, { details: [{ path: '/confirmation', message }] });
    }
    const revoked = await repository.transition(row.id, ['pending', 'sent', 'active'], {
      status: 'revoked',
      revokedAt: deps.now(),
    });
    if (!revoked) {
      conflict(MANDATE_MESSAGES.notRevocable);
    }
    return revoked;
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

  return {
    async list(actor: Actor | null, query: MandateListQuery): Promise<MandateListResponse> {
      const { user } = requireUser(actor);
      const page = await repository.listOwned(user.id, query);
      return {
        items: await Promise.all(page.items.map(toMandate)),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
        counts: page.counts,
      };
    },

    async get(actor: Actor | null, id: string): Promise<Mandate> {
      const { row } = await owned(actor, id);
      return toMandate(row);
    },

    async createSimple(actor: Actor | null, body: SimpleMandateBody, meta: RequestMeta): Promise<Mandate> {
      requireUser(actor);
      const result = validateSimpleMandate(body);
      if (!result.ok) {
        invalid(result);
      }
      return create(actor, 'simple', result.value, null, meta);
    },

    async createSigned(actor: Actor | null, body: SignedMandateBody, meta: RequestMeta): Promise<Mandate> {
      requireUser(actor);
      const result = validateSignedMandate(body.mandate);
      if (!result.ok) {
        invalid(result);
      }
      const png = decodeSignaturePng(body.signature);
      return create(actor, 'signed', result.value, png, meta);
    },

    /** PUT (`partial` false) and PATCH: only a pending simple mandate not yet sent; the PDF is sealed anew. */
    async update(
      actor: Actor | null,
      id: string,
      body: PatchMandateBody,
      partial: boolean,
      meta: RequestMeta,
    ): Promise<Mandate> {
      const { user, row } = await owned(actor, id);
      if (row.status !== 'pending' || row.sentDate !== null) {
        conflict(MANDATE_MESSAGES.notEditable);
      }
      if (row.kind === 'signed') {
        conflict(MANDATE_MESSAGES.signedNotEditable);
      }
      const merged: SimpleMandateBody = partial ? { ...(await currentFields(row)), ...body } : body;
      if (partial && body.energy_type !== undefined && body.energy_type !== row.energyType) {
        // Changing the energy changes which number applies: the other one is dropped unless sent.
        if (body.pdl === undefined) {
          merged.pdl = null;
        }
        if (body.pce === undefined) {
          merged.pce = null;
        }
      }
      const result = validateSimpleMandate(merged);
      if (!result.ok) {
        invalid(result);
      }
      const signedAt = deps.now();
      const rendered = await render(row.id, 'simple', result.value, user, meta, null, signedAt);
      const updated = await repository.replacePending(
        row.id,
        {
          energyType: result.value.energy_type,
          manager: result.value.manager,
          ...rendered.columns,
          authorizedConsumptionData: result.value.authorized_consumption_data,
          authorizedTechnicalData: result.value.authorized_technical_data,
          authorizedContractualData: result.value.authorized_contractual_data,
          authorizedLoadCurve: false,
          expiryDate: rendered.expiryDate,
          pdfSha256: rendered.sealed.sha256,
          sealedAt: signedAt,
          consentTextVersion: CONSENT_TEXT_VERSION,
        },
        rendered.pdfEnc,
      );
      if (!updated) {
        conflict(MANDATE_MESSAGES.notEditable);
      }
      return toMandate(updated);
    },

    /** A pending simple mandate never sent is deleted; any other is revoked (typed number required). */
    async remove(actor: Actor | null, id: string, confirmation: string | undefined): Promise<MandateDeleteResponse> {
      const { user, row } = await owned(actor, id);
      if (row.kind === 'simple' && row.status === 'pending' && row.sentDate === null) {
        if (await repository.deletePending(user.id, row.id)) {
          return { id: row.id, deleted: true, mandate: null };
        }
        notFound();
      }
      const revoked = await revokeRow(row, confirmation);
      return { id: row.id, deleted: false, mandate: await toMandate(revoked) };
    },

    async revoke(actor: Actor | null, id: string, confirmation: string | null | undefined): Promise<Mandate> {
      const { row } = await owned(actor, id);
      return toMandate(await revokeRow(row, confirmation));
    },

    /** pending → sent: mails the manager's configured address with the sealed PDF attached, records sent_date. */
    async send(actor: Actor | null, id: string): Promise<Mandate> {
      const { row } = await owned(actor, id);
      if (!canTransitionMandate(row.status as MandateStatus, 'sent')) {
        conflict(MANDATE_MESSAGES.notSendable);
      }
      const to = deps.managerEmails[row.manager as MandateManager];
      if (row.manager === 'other' || !to) {
        throw new AppError('MANDATE_MANAGER_UNREACHABLE', MANDATE_MESSAGES.noManagerAddress);
      }
      const { keyring } = await deps.secrets();
      const stored = await repository.document(row.id);
      if (!stored) {
        conflict(MANDATE_MESSAGES.noPdf);
      }
      const pdf = decryptBytes(keyring, aad(row.id, 'pdf'), stored);
      const claimed = await repository.transition(row.id, ['pending'], { status: 'sent', sentDate: deps.now() });
      if (!claimed) {
        conflict(MANDATE_MESSAGES.notSendable);
      }
      try {
        await deps.mailer.send({
          to,
          subject: `Mandat d’accès aux données — référence ${row.id}`,
          // No personal data in the body (mail stores, the outbox): it is in the attached sealed PDF.
          text: [
            'Bonjour,',
            '',
            `Veuillez trouver ci-joint un mandat d’accès aux données de comptage (référence ${row.id}), signé par votre client et scellé par Pilote Énergie, valable jusqu’au ${frenchDay(row.expiryDate)}.`,
            `Empreinte SHA-256 du document : ${row.pdfSha256}`,
            '',
            'Cordialement.',
          ].join('\n'),
          links: [],
          attachments: [{ filename: `${filenameOf(row)}.pdf`, content: pdf, contentType: 'application/pdf' }],
        });
      } catch (error) {
        // The mail did not leave: back to pending, so the customer can try again.
        await repository.transition(row.id, ['sent'], { status: 'pending', sentDate: null });
        throw error;
      }
      return toMandate(claimed);
    },

    async download(actor: Actor | null, id: string): Promise<MandateDownloadResponse> {
      const { user, row } = await owned(actor, id);
      if (row.pdfSha256 === null || row.purgedAt !== null) {
        notFound();
      }
      return pdfLinks(row.id, `owner:${user.id}`, filenameOf(row));
    },

    /** The PDF behind a signed link (no session: the link is the capability). */
    async pdf(id: string, query: { aud: string; disp: PdfDisposition; exp: string; sig: string }) {
      const check = deps.links.verify(id, query.aud, query.disp, query.exp, query.sig);
      if (check !== 'ok') {
        throw new AppError(check === 'expired' ? 'PDF_LINK_EXPIRED' : 'PDF_LINK_INVALID');
      }
      const row = await repository.findById(id);
      const [kind, userId] = query.aud.split(':');
      if (!row || (kind === 'owner' && row.userId !== userId) || (kind !== 'owner' && kind !== 'staff')) {
        notFound();
      }
      const stored = await repository.document(row.id);
      if (!stored) {
        notFound();
      }
      const { keyring } = await deps.secrets();
      return { bytes: decryptBytes(keyring, aad(row.id, 'pdf'), stored), filename: `${filenameOf(row)}.pdf` };
    },

    async verify(actor: Actor | null, id: string): Promise<MandateVerifyResponse> {
      const { row } = await owned(actor, id);
      return verifyRow(row);
    },

    // ---- staff (ADR 0031: staff and admin) -------------------------------------------------------------------

    async staffList(actor: Actor | null, query: StaffMandateListQuery): Promise<StaffMandateListResponse> {
      requireRole(actor, ['staff', 'admin']);
      const page = await repository.listForStaff(query);
      const counts = Object.fromEntries(
        mandateStatuses.map((status) => [status, 0]),
      ) as StaffMandateListResponse['counts'];
      for (const entry of page.perStatus) {
        counts[entry.status as MandateStatus] = entry.total;
      }
      return {
        items: await Promise.all(page.items.map((item) => toStaffMandate(item.mandate, item.customer))),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
        counts,
      };
    },

    async staffDownload(actor: Actor | null, id: string): Promise<MandateDownloadResponse> {
      const staff = requireRole(actor, ['staff', 'admin']);
      const row = await repository.findById(id);
      if (!row || row.pdfSha256 === null || row.purgedAt !== null) {
        notFound();
      }
      return pdfLinks(row.id, `staff:${staff.user.id}`, filenameOf(row));
    },

    async staffVerify(actor: Actor | null, id: string): Promise<MandateVerifyResponse> {
      requireRole(actor, ['staff', 'admin']);
      const row = await repository.findById(id);
      if (!row) {
        notFound();
      }
      return verifyRow(row);
    },

    async activate(actor: Actor | null, id: string): Promise<StaffMandate> {
      const staff = requireRole(actor, ['staff', 'admin']);
      const row = await repository.findById(id);
      if (!row) {
        notFound();
      }
      if (row.userId === staff.user.id) {
        throw new AppError('FORBIDDEN', 'Vous ne pouvez pas traiter votre propre mandat.');
      }
      if (!canTransitionMandate(row.status as MandateStatus, 'active')) {
        conflict(MANDATE_MESSAGES.notDecidable);
      }
      const updated = await repository.transition(row.id, ['sent'], {
        status: 'active',
        activatedAt: deps.now(),
        decidedBy: staff.user.id,
      });
      if (!updated) {
        conflict(MANDATE_MESSAGES.notDecidable);
      }
      await mailCustomer(
        updated,
        'Votre mandat est actif',
        `Le gestionnaire de réseau a accepté votre mandat. Il est actif jusqu’au ${frenchDay(updated.expiryDate)}.`,
      );
      return toStaffMandate(updated, await repository.customerOf(updated.userId));
    },

    async reject(actor: Actor | null, id: string, reason: string | null | undefined): Promise<StaffMandate> {
      const staff = requireRole(actor, ['staff', 'admin']);
      const row = await repository.findById(id);
      if (!row) {
        notFound();
      }
      if (row.userId === staff.user.id) {
        throw new AppError('FORBIDDEN', 'Vous ne pouvez pas traiter votre propre mandat.');
      }
      const text = (reason ?? '').trim();
      if (text === '') {
        throw new AppError('VALIDATION_FAILED', MANDATE_MESSAGES.rejectionReason, {
          details: [{ path: '/reason', message: MANDATE_MESSAGES.rejectionReason }],
        });
      }
      if (text.length > MANDATE_LIMITS.rejectionReasonMaxLength) {
        throw new AppError('VALIDATION_FAILED', MANDATE_MESSAGES.rejectionReasonTooLong, {
          details: [{ path: '/reason', message: MANDATE_MESSAGES.rejectionReasonTooLong }],
        });
      }
      if (!canTransitionMandate(row.status as MandateStatus, 'rejected')) {
        conflict(MANDATE_MESSAGES.notDecidable);
      }
      const updated = await repository.transition(row.id, ['sent'], {
        status: 'rejected',
        rejectedAt: deps.now(),
        rejectionReason: text,
        decidedBy: staff.user.id,
      });
      if (!updated) {
        conflict(MANDATE_MESSAGES.notDecidable);
      }
      await mailCustomer(
        updated,
        'Votre mandat a été rejeté',
        `Le gestionnaire de réseau a rejeté votre mandat. Motif : ${text}`,
      );
      return toStaffMandate(updated, await repository.customerOf(updated.userId));
    },

    // ---- jobs (ADR 0031; run by the job queue, testable with any `now`) -----------------------------------

    /** active → expired once the last valid day is past (Europe/Paris). */
    async markExpired(now: Date): Promise<number> {
      const expired = await repository.expireDue(parisDay(now), now);
      for (const row of expired) {
        await mailCustomer(
          row,
          'Votre mandat a expiré',
          `Votre mandat est arrivé à échéance le ${frenchDay(row.expiryDate)}. Vous pouvez en créer un nouveau depuis votre espace.`,
        );
      }
      return expired.length;
    },

    /** One reminder 30 days before expiry and one 7 days before, each at most once per mandate. */
    async sendExpiryReminders(now: Date): Promise<number> {
      const today = parisDay(now);
      let sent = 0;
      for (const which of [7, 30] as const) {
        const claimed = await repository.claimReminders(which, addDays(today, which), now);
        for (const row of claimed) {
          const days = daysBetween(today, row.expiryDate);
          try {
            await mailCustomer(
              row,
              `Votre mandat expire dans ${days} jour${days > 1 ? 's' : ''}`,
              `Votre mandat d’accès aux données expire le ${frenchDay(row.expiryDate)}. Pensez à le renouveler pour continuer à recevoir vos données.`,
            );
            sent += 1;
          } catch (error) {
            await repository.releaseReminder(which, row.id);
            throw error;
          }
        }
      }
      return sent;
    },

    /** Personal data of mandates revoked 30 days ago; proof records 5 years after the mandate ended. */
    async purge(now: Date): Promise<{ purged: number; deleted: number }> {
      const purged = await repository.purgeRevoked(
        new Date(now.getTime() - MANDATE_LIMITS.deletionDays * 86_400_000),
        now,
      );
      const fiveYearsAgo = new Date(now);
      fiveYearsAgo.setUTCFullYear(fiveYearsAgo.getUTCFullYear() - MANDATE_LIMITS.recordRetentionYears);
      const deleted = await repository.deleteEndedBefore(fiveYearsAgo);
      if (purged + deleted > 0) {
        deps.logger.info({ purged, deleted }, 'mandates purged');
      }
      return { purged, deleted };
    },
  };

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
}

export type MandatesService = ReturnType<typeof createMandatesService>;
