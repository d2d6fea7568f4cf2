import { z } from 'zod';
import { userRoleSchema, userTierSchema } from './auth.ts';

/** The signed-in user as the client sees it (spec §3 "User (session)"), with the admin/staff claim in `role`. */
export const accountUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  role: userRoleSchema,
  tier: userTierSchema,
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** GET /api/account/me */
export const accountMeResponseSchema = z.object({ user: accountUserSchema });
export type AccountMeResponse = z.infer<typeof accountMeResponseSchema>;
