import {
  canTransitionMandate,
  MANDATE_LIMITS,
  MANDATE_MESSAGES,
  type MandateDownloadResponse,
  type MandateStatus,
  type MandateVerifyResponse,
  mandateStatuses,
  type StaffMandate,
  type StaffMandateListQuery,
  type StaffMandateListResponse,
} from '@pilote/contracts';
import type { Actor } from '../../lib/actor.ts';
import { requireRole } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { conflict, type MandateContext, notFound } from './context.ts';
import { frenchDay } from './mandate-text.ts';
import type { MandateRow } from './repository.ts';

/** The staff's use cases (ADR 0031: staff and admin): list every mandate, download, verify, activate, reject. */
export function createStaffMandates(context: MandateContext) {
  const { deps, repository, toStaffMandate, pdfLinks, filenameOf, verifyRow, mailCustomer } = context;

  /** A mandate a staff member may decide on: it exists and is not their own. */
  async function othersMandate(staff: Actor, id: string): Promise<MandateRow> {
    const row = await repository.findById(id);
    if (!row) {
      notFound();
    }
    if (row.userId === staff.user.id) {
      throw new AppError('FORBIDDEN', 'Vous ne pouvez pas traiter votre propre mandat.');
    }
    return row;
  }

  /** sent → active or rejected (a conditional update, recording who decided); the customer is told by mail. */
  async function decide(
    staff: Actor,
    row: MandateRow,
    changes: Parameters<typeof repository.transition>[2] & { status: 'active' | 'rejected' },
    mail: (updated: MandateRow) => [subject: string, text: string],
  ): Promise<StaffMandate> {
    if (!canTransitionMandate(row.status as MandateStatus, changes.status)) {
      conflict(MANDATE_MESSAGES.notDecidable);
    }
    const updated = await repository.transition(row.id, ['sent'], { ...changes, decidedBy: staff.user.id });
    if (!updated) {
      conflict(MANDATE_MESSAGES.notDecidable);
    }
    await mailCustomer(updated, ...mail(updated));
    return toStaffMandate(updated, await repository.customerOf(updated.userId));
  }

  return {
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
      const row = await othersMandate(staff, id);
      return decide(staff, row, { status: 'active', activatedAt: deps.now() }, (updated) => [
        'Votre mandat est actif',
        `Le gestionnaire de réseau a accepté votre mandat. Il est actif jusqu’au ${frenchDay(updated.expiryDate)}.`,
      ]);
    },

    async reject(actor: Actor | null, id: string, reason: string | null | undefined): Promise<StaffMandate> {
      const staff = requireRole(actor, ['staff', 'admin']);
      const row = await othersMandate(staff, id);
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
      return decide(staff, row, { status: 'rejected', rejectedAt: deps.now(), rejectionReason: text }, () => [
        'Votre mandat a été rejeté',
        `Le gestionnaire de réseau a rejeté votre mandat. Motif : ${text}`,
      ]);
    },
  };
}
