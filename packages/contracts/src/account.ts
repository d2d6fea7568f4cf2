import { z } from 'zod';
import { userRoleSchema, userTierSchema } from './auth.ts';

/** The signed-in user as the client sees it (spec §3 "User (session)"), with the admin/staff claim in `role`. */
export const accountUserSchema = z.object({
  id: z.string().meta({ examples: ['5Nq8cVxR2mT7kLp0aZ4wYbH9dJ3sFe6U'] }),
  name: z.string().meta({ examples: ['Alice Martin'] }),
  email: z.string().meta({ examples: ['alice@exemple.fr'] }),
  emailVerified: z.boolean(),
  image: z
    .string()
    .nullable()
    .meta({ examples: [null] }),
  role: userRoleSchema,
  tier: userTierSchema,
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** GET /api/account/me */
export const accountMeResponseSchema = z.object({ user: accountUserSchema });
export type AccountMeResponse = z.infer<typeof accountMeResponseSchema>;
