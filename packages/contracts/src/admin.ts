import { z } from 'zod';
import { userRoleSchema, userTierSchema } from './auth.ts';
import { pageOf, pageQuerySchema } from './pagination.ts';

/** GET /api/admin/users?q=&page=&pageSize= (staff and admin). */
export const adminUsersQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string().meta({ examples: ['5Nq8cVxR2mT7kLp0aZ4wYbH9dJ3sFe6U'] }),
  name: z.string().meta({ examples: ['Alice Martin'] }),
  email: z.string().meta({ examples: ['alice@exemple.fr'] }),
  emailVerified: z.boolean(),
  role: userRoleSchema,
  /**
   * The tier that applies to the user now, as `/api/account/me` reports it (ADR 0078): the plan of `organisation`
   * (free once its trial or its canceled subscription has ended), `admin` for an administrator.
   */
  tier: userTierSchema.describe(
    'Le niveau qui s’applique maintenant : celui de l’organisation ci-dessous, « admin » pour un administrateur.',
  ),
  /** The organisation whose plan applies: the user's active one, else their first; null for a user in none. */
  organisation: z
    .object({ id: z.string(), name: z.string().meta({ examples: ['Client SAS'] }) })
    .nullable()
    .describe('L’organisation dont le plan s’applique : l’active de l’utilisateur, sinon sa première.'),
  createdAt: z.iso.datetime(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = pageOf(adminUserSchema);
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** PATCH /api/admin/users/:id/role (admin only). */
export const adminUserIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const adminSetRoleBodySchema = z.object({ role: userRoleSchema });
export type AdminSetRoleBody = z.infer<typeof adminSetRoleBodySchema>;
export const adminSetRoleResponseSchema = z.object({ user: adminUserSchema });
export type AdminSetRoleResponse = z.infer<typeof adminSetRoleResponseSchema>;

/** GET /api/admin/outbox?page=&pageSize= (admin: full mails; staff: headers only, `redacted: true`). */
export const adminOutboxQuerySchema = pageQuerySchema;
export type AdminOutboxQuery = z.infer<typeof adminOutboxQuerySchema>;

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string().nullable(),
  html: z.string().nullable(),
  links: z.array(z.string()),
  createdAt: z.iso.datetime(),
  redacted: z.boolean(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const adminOutboxResponseSchema = pageOf(outboxMailSchema).extend({
  /** 'smtp' when SMTP_URL is set: mails leave the machine and the outbox stays empty. */
  mode: z.enum(['outbox', 'smtp']),
});
export type AdminOutboxResponse = z.infer<typeof adminOutboxResponseSchema>;
