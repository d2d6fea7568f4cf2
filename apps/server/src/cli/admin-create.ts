// `npm run admin:create -- --email admin@exemple.fr --password '…' [--name 'Prénom Nom']`
// Creates a verified administrator on the configured database so that a fresh install can be administered.
import { passwordScore } from '@pilote/contracts';
import { z } from 'zod';
import { findUserByEmail, insertVerifiedUser } from '../modules/admin/repository.ts';
import { createPasswordHasher } from '../modules/auth/password.ts';
import { CliError, runCli } from './run.ts';

const USAGE = `Usage : npm run admin:create -- --email <adresse> --password <mot de passe> [--name <nom>]
Crée un compte administrateur dont l'adresse e-mail est déjà vérifiée.`;

await runCli(
  USAGE,
  { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  (values) => {
    const email = values.email?.trim().toLowerCase();
    const password = values.password;
    if (!email || !password) {
      throw new CliError('Les options --email et --password sont obligatoires.');
    }
    if (!z.email().safeParse(email).success) {
      throw new CliError(`Adresse e-mail invalide : ${email}`);
    }
    if (!passwordScore(password).accepted || password.length > 128) {
      throw new CliError(
        'Mot de passe trop faible : au moins 8 caractères, une majuscule, une minuscule et un chiffre (un symbole ou 12 caractères en plus).',
      );
    }
    return { email, password, name: values.name?.trim() || email.split('@')[0] || email };
  },
  async ({ email, password, name }, { config, db }) => {
    if (await findUserByEmail(db, email)) {
      throw new CliError(
        `Un compte existe déjà pour ${email}. Pour lui donner le rôle administrateur : npm run admin:role -- --email ${email} --role admin`,
      );
    }
    const passwordHash = await createPasswordHasher(config.passwordHashLogN).hash(password);
    const user = await insertVerifiedUser(db, {
      email,
      name,
      role: 'admin',
      passwordHash,
    });
    return `Administrateur créé : ${user.email} (identifiant ${user.id}). Il peut se connecter dès maintenant.`;
  },
);
