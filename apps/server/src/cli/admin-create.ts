// `npm run admin:create -- --email admin@exemple.fr --password '…' [--name 'Prénom Nom']`
// Creates a verified administrator on the configured database so that a fresh install can be administered.
// Through the running server's control channel when it holds the PGlite folder (ADR 0017).
import { passwordScore } from '@pilote/contracts';
import { z } from 'zod';
import { findUserByEmail, insertVerifiedUser } from '../modules/admin/repository.ts';
import { createPasswordHasher } from '../modules/auth/password.ts';
import { CliError, type CliIo, type OperatorCommand, runOperatorCommand } from './command.ts';

const inputSchema = z.object({
  email: z.string().min(1).max(320),
  password: z.string().min(1).max(1024),
  name: z.string().min(1).max(200),
});

export const adminCreateCommand: OperatorCommand<z.infer<typeof inputSchema>> = {
  name: 'admin:create',
  usage: `Usage : npm run admin:create -- --email <adresse> --password <mot de passe> [--name <nom>]
Crée un compte administrateur dont l'adresse e-mail est déjà vérifiée.`,
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  inputSchema,
  parseArguments: (values) => {
    const email = typeof values.email === 'string' ? values.email.trim().toLowerCase() : '';
    const password = typeof values.password === 'string' ? values.password : '';
    if (!email || !password) {
      throw new CliError('Les options --email et --password sont obligatoires.');
    }
    const name = typeof values.name === 'string' ? values.name.trim() : '';
    return { email, password, name: name || email.split('@')[0] || email };
  },
  check: ({ email, password }) => {
    if (!z.email().safeParse(email).success) {
      throw new CliError(`Adresse e-mail invalide : ${email}`);
    }
    if (!passwordScore(password).accepted || password.length > 128) {
      throw new CliError(
        'Mot de passe trop faible : au moins 8 caractères, une majuscule, une minuscule et un chiffre (un symbole ou 12 caractères en plus).',
      );
    }
  },
  execute: async ({ email, password, name }, { config, db }) => {
    if (await findUserByEmail(db, email)) {
      throw new CliError(
        `Un compte existe déjà pour ${email}. Pour lui donner le rôle administrateur : npm run admin:role -- --email ${email} --role admin`,
        { showUsage: false },
      );
    }
    const passwordHash = await createPasswordHasher(config.passwordHashLogN).hash(password);
    const user = await insertVerifiedUser(db, { email, name, role: 'admin', passwordHash });
    return `Administrateur créé : ${user.email} (identifiant ${user.id}). Il peut se connecter dès maintenant.`;
  },
};

export const main = (args: string[], io: CliIo): Promise<number> => runOperatorCommand(adminCreateCommand, args, io);
