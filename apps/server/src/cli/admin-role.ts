// `npm run admin:role -- --email someone@exemple.fr --role admin|staff|user`
import { userRoleSchema } from '@pilote/contracts';
import { findUserByEmail, updateUserRole } from '../modules/admin/repository.ts';
import { CliError, runCli } from './run.ts';

const USAGE = `Usage : npm run admin:role -- --email <adresse> --role <admin|staff|user>
Change le rôle d'un compte existant.`;

await runCli(
  USAGE,
  { email: { type: 'string' }, role: { type: 'string' } },
  (values) => {
    const email = values.email?.trim().toLowerCase();
    if (!email || !values.role) {
      throw new CliError('Les options --email et --role sont obligatoires.');
    }
    const role = userRoleSchema.safeParse(values.role);
    if (!role.success) {
      throw new CliError(`Rôle inconnu : ${values.role}. Rôles possibles : admin, staff, user.`);
    }
    return { email, role: role.data };
  },
  async ({ email, role }, { db }) => {
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
);
