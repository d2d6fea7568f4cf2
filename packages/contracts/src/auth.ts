import { z } from 'zod';

/**
 * Identity: roles, tiers and the bodies of the auth endpoints served by better-auth under /api/auth/*
 * (see docs/api.md). The server validates these bodies before better-auth sees them; the web app uses the
 * same schemas, messages and helpers for its forms.
 */

export const userRoles = ['user', 'staff', 'admin'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

/** Roles that see the admin panel (spec §6: "Admin or staff"). */
export const adminPanelRoles: readonly UserRole[] = ['staff', 'admin'];

export const userTiers = ['free', 'basic', 'premium', 'admin', 'business_trial'] as const;
export const userTierSchema = z.enum(userTiers);
export type UserTier = z.infer<typeof userTierSchema>;

/** The two social buttons of /login: Google works when configured, Microsoft is not implemented (spec §2.2). */
export const authProvidersResponseSchema = z.object({ google: z.boolean(), microsoft: z.literal(false) });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const authMessages = {
  invalidEmail: 'Adresse e-mail invalide.',
  disposableEmail: 'Les adresses e-mail temporaires ne sont pas autorisées.',
  disposableEmailReset:
    'Les adresses e-mail temporaires ne sont pas acceptées pour la réinitialisation du mot de passe.',
  weakPassword: 'Le mot de passe doit contenir au moins 8 caractères, une majuscule, une minuscule et un chiffre.',
  passwordTooLong: 'Le mot de passe est trop long (128 caractères au maximum).',
  changeEmailSignedOut: 'Vous devez être connecté pour modifier votre adresse e-mail.',
  invalidCredentials: 'E-mail ou mot de passe incorrect.',
  emailNotVerified:
    'Votre adresse e-mail n’est pas encore vérifiée : ouvrez le lien de vérification reçu par e-mail (un nouveau lien vient de vous être envoyé).',
  commonPassword: 'Ce mot de passe fait partie des mots de passe les plus courants : choisissez-en un autre.',
  currentPasswordRequired: 'Saisissez votre mot de passe actuel pour confirmer cette modification.',
  wrongCurrentPassword: 'Mot de passe incorrect.',
  reauthenticationRequired:
    'Pour des raisons de sécurité, reconnectez-vous puis recommencez la modification de votre adresse e-mail (dans les 5 minutes suivant la connexion).',
  hashingBusy: 'Le service est très sollicité. Veuillez réessayer dans quelques secondes.',
  nameTooLong: 'Le nom ne doit pas dépasser 200 caractères.',
  invalidImageUrl: 'La photo doit être une adresse https:// de 2 000 caractères au maximum.',
} as const;

/** Too many failed sign-ins for one address (per-account limit, ADR 0016). */
export function accountLockedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Trop de tentatives de connexion pour ce compte. Veuillez réessayer dans ${minutes} min.`;
}

export const USER_NAME_MAX_LENGTH = 200;
export const USER_IMAGE_URL_MAX_LENGTH = 2000;

/** Disposable e-mail domains refused at sign-up, e-mail change and password reset (spec §5). */
export const disposableEmailDomains: readonly string[] = [
  '10minutemail.com',
  'guerrillamail.com',
  'guerrillamail.net',
  'sharklasers.com',
  'mailinator.com',
  'yopmail.com',
  'yopmail.fr',
  'yopmail.net',
  'tempmail.com',
  'temp-mail.org',
  'throwawaymail.com',
  'trashmail.com',
  'getnada.com',
  'maildrop.cc',
  'dispostable.com',
  'fakeinbox.com',
  'mintemail.com',
  'mohmal.com',
  'emailondeck.com',
  'mailnesia.com',
  'jetable.org',
];

export function isDisposableEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return disposableEmailDomains.some((blocked) => domain === blocked || domain.endsWith(`.${blocked}`));
}

export type PasswordStrength = 'weak' | 'medium' | 'strong' | 'very_strong';

/**
 * Spec §5: one point each for length ≥ 8, length ≥ 12, an upper-case letter, a lower-case letter, a digit and
 * a symbol. Weak ≤ 2, medium ≤ 4, strong 5, very strong 6; accepted from strong.
 */
export function passwordScore(password: string): { score: number; strength: PasswordStrength; accepted: boolean } {
  const score = [
    password.length >= 8,
    password.length >= 12,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
  const strength: PasswordStrength =
    score <= 2 ? 'weak' : score <= 4 ? 'medium' : score === 5 ? 'strong' : 'very_strong';
  return { score, strength, accepted: score >= 5 };
}

const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: authMessages.invalidEmail }));
const newEmailSchema = emailSchema.refine((email) => !isDisposableEmail(email), {
  error: authMessages.disposableEmail,
});
const newPasswordSchema = z
  .string()
  .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong })
  .refine((password) => passwordScore(password).accepted, { error: authMessages.weakPassword });
/** Relative path or absolute URL on a trusted origin; better-auth checks the origin. */
const callbackUrlSchema = z.string().max(2000).optional();

/** POST /api/auth/sign-up/email (better-auth `signUp.email`). `name` defaults to the e-mail's local part. */
export const signUpBodySchema = z.looseObject({
  email: newEmailSchema,
  password: newPasswordSchema,
  name: z.string().trim().max(USER_NAME_MAX_LENGTH, { error: authMessages.nameTooLong }).optional(),
  callbackURL: callbackUrlSchema,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** POST /api/auth/sign-in/email (better-auth `signIn.email`). */
export const signInBodySchema = z.looseObject({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
  rememberMe: z.boolean().optional(),
  callbackURL: callbackUrlSchema,
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** POST /api/auth/request-password-reset (better-auth `requestPasswordReset`). */
export const requestPasswordResetBodySchema = z.looseObject({
  email: emailSchema.refine((email) => !isDisposableEmail(email), { error: authMessages.disposableEmailReset }),
  redirectTo: callbackUrlSchema,
});
export type RequestPasswordResetBody = z.infer<typeof requestPasswordResetBodySchema>;

/** POST /api/auth/reset-password (better-auth `resetPassword`). */
export const resetPasswordBodySchema = z.looseObject({
  token: z.string().min(1),
  newPassword: newPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** POST /api/auth/change-email (better-auth `changeEmail`), signed in only. */
export const changeEmailBodySchema = z.looseObject({
  newEmail: newEmailSchema,
  /** Re-authentication (ADR 0016): required when the account has a password; Google-only accounts need a recent sign-in. */
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }).optional(),
  callbackURL: callbackUrlSchema,
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** POST /api/auth/change-password (better-auth `changePassword`), signed in only; same policy as sign-up. */
export const changePasswordBodySchema = z.strictObject({
  currentPassword: z
    .string()
    .min(1, { error: authMessages.currentPasswordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
  newPassword: newPasswordSchema,
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /api/auth/update-user (better-auth `updateUser`): the name (as at sign-up) and an https photo URL only. */
export const updateUserBodySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Le nom ne peut pas être vide.' })
    .max(USER_NAME_MAX_LENGTH, { error: authMessages.nameTooLong })
    .optional(),
  image: z
    .url({ protocol: /^https$/, error: authMessages.invalidImageUrl })
    .max(USER_IMAGE_URL_MAX_LENGTH, { error: authMessages.invalidImageUrl })
    .nullable()
    .optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** POST /api/auth/send-verification-email (better-auth `sendVerificationEmail`). */
export const sendVerificationEmailBodySchema = z.looseObject({
  email: emailSchema,
  callbackURL: callbackUrlSchema,
});

/** POST /api/auth/sign-in/social (better-auth `signIn.social`); answers `{ url, redirect: true }`. */
export const socialSignInBodySchema = z.looseObject({
  provider: z.string().min(1),
  callbackURL: callbackUrlSchema,
  errorCallbackURL: callbackUrlSchema,
  newUserCallbackURL: callbackUrlSchema,
});

/**
 * The other better-auth endpoints we forward (an allow-list, issue 21): the session and linked-account management
 * of an API client, and the password check of a signed-in user. Every other better-auth path answers 404.
 */
export const revokeSessionBodySchema = z.strictObject({ token: z.string().min(1).max(512) });
export const emptyAuthBodySchema = z.strictObject({});
export const unlinkAccountBodySchema = z.strictObject({
  providerId: z.string().min(1).max(100),
  accountId: z.string().min(1).max(512).optional(),
});
export const verifyPasswordBodySchema = z.strictObject({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
});
/** The token of a reset link (`/api/auth/reset-password/{token}`): better-auth's ids, letters and digits. */
export const resetLinkParamsSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .meta({ examples: ['Xr4bT2kQ9mVd7LpZ1sYc8NwE'] }),
});

/** Header in which sign-in returns the bearer token (better-auth bearer plugin). */
export const AUTH_TOKEN_HEADER = 'set-auth-token';
