import { randomUUID } from 'node:crypto';
import type { ObjectAction } from '@pilote/contracts';
import {
  canTransitionMandate,
  MANDATE_MESSAGES,
  type Mandate,
  type MandateDeleteResponse,
  type MandateDownloadResponse,
  type MandateKind,
  type MandateListQuery,
  type MandateListResponse,
  type MandateManager,
  type MandateStatus,
  type MandateVerifyResponse,
  type PatchMandateBody,
  revocationConfirmed,
  type SignedMandateBody,
  type SimpleMandateBody,
  type ValidMandateFields,
  validateSignedMandate,
  validateSimpleMandate,
} from '@pilote/contracts';
import type { Actor } from '../../lib/actor.ts';
import { requireUser } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { aad, conflict, invalid, type MandateContext, notFound, type RequestMeta } from './context.ts';
import { decryptBytes, encryptBytes, encryptText, type MandateKeyring } from './crypto.ts';
import { expiryDay, parisDay } from './dates.ts';
import { CONSENT_TEXT_VERSION, frenchDay, type MandateDocumentInput } from './mandate-text.ts';
import { createMandateOperator } from './operator.ts';
import type { MandateRow, NewMandateRow } from './repository.ts';
import { decodeSignaturePng } from './signature-image.ts';

/** The customer's use cases on their own mandates: create (simple or signed), edit, revoke, send, download, verify. */
export function createOwnerMandates(context: MandateContext) {
  const { deps, repository, decryptRow, toMandate, pdfLinks, filenameOf, verifyRow } = context;
  const operator = createMandateOperator(context);

  /**
   * A mandate of one of the caller's organisations (404 otherwise) when their role there allows `action`
   * (ADR 0066): `edit` to change or send it, `delete` to delete or revoke it (members: only those they made).
   */
  async function owned(
    actor: Actor | null,
    id: string,
    action: ObjectAction,
  ): Promise<{ user: Actor['user']; row: MandateRow & { organisationId: string } }> {
    const signedIn = requireUser(actor);
    const { object } = await deps.access.authorise(
      signedIn,
      await repository.findById(id),
      action,
      () => new AppError('NOT_FOUND', MANDATE_MESSAGES.notFound),
    );
    return { user: signedIn.user, row: object };
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
    const signedIn = requireUser(actor);
    const { user } = signedIn;
    const { organisationId } = await deps.access.scope(signedIn, 'create');
    return deps.quota.run(user.id, 'mandates', async () => {
      const id = randomUUID();
      const signedAt = deps.now();
      const rendered = await render(id, kind, fields, user, meta, signaturePng, signedAt);
      const row = await repository.insert(
        {
          id,
          userId: user.id,
          organisationId,
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
    // A right declared at GRDF ends there too (a job, ADR 0072).
    await operator.startEnd(row.id);
    return revoked;
  }

  return {
    async list(actor: Actor | null, query: MandateListQuery): Promise<MandateListResponse> {
      const { organisationId } = await deps.access.scope(requireUser(actor));
      const page = await repository.listOf(organisationId, query);
      return {
        items: await Promise.all(page.items.map(toMandate)),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
        counts: page.counts,
      };
    },

    async get(actor: Actor | null, id: string): Promise<Mandate> {
      const { row } = await owned(actor, id, 'read');
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
      const { user, row } = await owned(actor, id, 'edit');
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
      const { row } = await owned(actor, id, 'delete');
      if (row.kind === 'simple' && row.status === 'pending' && row.sentDate === null) {
        if (await repository.deletePending(row.organisationId, row.id)) {
          return { id: row.id, deleted: true, mandate: null };
        }
        notFound();
      }
      const revoked = await revokeRow(row, confirmation);
      return { id: row.id, deleted: false, mandate: await toMandate(revoked) };
    },

    async revoke(actor: Actor | null, id: string, confirmation: string | null | undefined): Promise<Mandate> {
      const { row } = await owned(actor, id, 'delete');
      return toMandate(await revokeRow(row, confirmation));
    },

    /** pending → sent: mails the manager's configured address with the sealed PDF attached, records sent_date. */
    async send(actor: Actor | null, id: string): Promise<Mandate> {
      const { row } = await owned(actor, id, 'edit');
      if (!canTransitionMandate(row.status as MandateStatus, 'sent')) {
        conflict(MANDATE_MESSAGES.notSendable);
      }
      if (operator.throughAdapter(row)) {
        // GRDF: the access right is declared through the operator-data adapter by jobs (ADR 0072).
        const claimed = await repository.transition(row.id, ['pending'], { status: 'sent', sentDate: deps.now() });
        if (!claimed) {
          conflict(MANDATE_MESSAGES.notSendable);
        }
        await operator.startDeclaration(claimed);
        return toMandate(claimed);
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
      const { row } = await owned(actor, id, 'read');
      if (row.pdfSha256 === null || row.purgedAt !== null) {
        notFound();
      }
      return pdfLinks(row.id, `member:${row.organisationId}`, filenameOf(row));
    },

    /** The PDF behind a signed link (no session: the link is the capability). */
    async verify(actor: Actor | null, id: string): Promise<MandateVerifyResponse> {
      const { row } = await owned(actor, id, 'read');
      return verifyRow(row);
    },
  };
}
