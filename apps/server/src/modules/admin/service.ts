import type {
  AdminOutboxQuery,
  AdminOutboxResponse,
  AdminSetRoleResponse,
  AdminUsersQuery,
  AdminUsersResponse,
  UserRole,
} from '@pilote/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, requireRole } from '../auth/session.ts';
import { findOutboxMails, findUsers, type UserRow, updateUserRole } from './repository.ts';

/** ADR 0009: staff reads users and the outbox headers; only admins change roles and read mail bodies/links. */
const READERS: readonly UserRole[] = ['staff', 'admin'];
const ADMINS: readonly UserRole[] = ['admin'];

export const SELF_DEMOTION_MESSAGE =
  'Vous ne pouvez pas retirer votre propre rôle d’administrateur : demandez-le à un autre administrateur.';

export interface AdminServiceDependencies {
  db: Database;
  mailMode: 'smtp' | 'outbox';
  /** The clock the plans read (a trial or a canceled subscription ends with time): the app's, faked in tests. */
  now?: () => Date;
}

function toAdminUser(row: UserRow) {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export function createAdminService({ db, mailMode, now = () => new Date() }: AdminServiceDependencies) {
  return {
    async listUsers(actor: Actor | null, query: AdminUsersQuery): Promise<AdminUsersResponse> {
      requireRole(actor, READERS);
      const { rows, total } = await findUsers(db, {
        q: query.q || undefined,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
        at: now(),
      });
      return { items: rows.map(toAdminUser), total, page: query.page, pageSize: query.pageSize };
    },

    async setRole(actor: Actor | null, userId: string, role: UserRole): Promise<AdminSetRoleResponse> {
      const admin = requireRole(actor, ADMINS);
      if (userId === admin.user.id && role !== 'admin') {
        throw new AppError('FORBIDDEN', SELF_DEMOTION_MESSAGE);
      }
      const updated = await updateUserRole(db, userId, role, admin.user.id, now());
      if (!updated) {
        throw new AppError('NOT_FOUND', 'Utilisateur introuvable.');
      }
      return { user: toAdminUser(updated) };
    },

    async listOutbox(actor: Actor | null, query: AdminOutboxQuery): Promise<AdminOutboxResponse> {
      const reader = requireRole(actor, READERS);
      // Bodies hold sign-in links (password reset): only admins see them, or staff could take over any account.
      const redacted = reader.user.role !== 'admin';
      const { rows, total } = await findOutboxMails(db, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        mode: mailMode,
        items: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: redacted ? null : row.text,
          html: redacted ? null : row.html,
          links: redacted ? [] : row.links,
          createdAt: row.createdAt.toISOString(),
          redacted,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
