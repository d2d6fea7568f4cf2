// `npm run admin:role -- --email someone@exemple.fr --role admin|staff|user`
// Through the running server's control channel when it holds the PGlite folder (ADR 0017): the new role is
// effective at the user's next request (the session reads the role from the database).
import { userRoleSchema } from '@pilote/contracts';
import { z } from 'zod';
import { findUserByEmail, updateUserRole } from '../modules/admin/repository.ts';
import { CliError, type CliIo, type OperatorCommand, runOperatorCommand } from './command.ts';

const inputSchema = z.object({ email: z.string().min(1).max(320), role: z.string().min(1).max(40) });

export const adminRoleCommand: OperatorCommand<z.infer<typeof inputSchema>> = {
  name: 'admin:role',
  usage: `Usage : npm run admin:role -- --email <adresse> --role <admin|staff|user>
Change le rôle d'un compte existant.`,
  options: { email: { type: 'string' }, role: { type: 'string' } },
  inputSchema,
  parseArguments: (values) => {
    const email = typeof values.email === 'string' ? values.email.trim().toLowerCase() : '';
    const role = typeof values.role === 'string' ? values.role : '';
    if (!email || !role) {
      throw new CliError('Les options --email et --role sont obligatoires.');
    }
    return { email, role };
  },
  check: ({ role }) => {
    if (!userRoleSchema.safeParse(role).success) {
      throw new CliError(`Rôle inconnu : ${role}. Rôles possibles : admin, staff, user.`);
    }
  },
  execute: async ({ email, role: requested }, { db }) => {
    const role = userRoleSchema.parse(requested);
    const user = await findUserByEmail(db, email);
    if (!user) {
      throw new CliError(`Aucun compte pour ${email}.`);
    }
    if (user.role === role) {
      return `${email} a déjà le rôle ${role} : rien à changer.`;
    }
    await updateUserRole(db, user.id, role);
    return `Rôle de ${email} : ${user.role} → ${role}.`;
  },
};

export const main = (args: string[], io: CliIo): Promise<number> => runOperatorCommand(adminRoleCommand, args, io);
