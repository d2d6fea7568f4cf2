import { authMessages, defaultErrorMessages } from '@pilote/contracts';

/**
 * better-auth answers errors as `{ code, message }` in English. The bridge rewrites them into our shape with a
 * French message, keeping better-auth's code (clients branch on it) and `message` (what better-auth's client
 * shows): `{ error, code, message }`.
 */
const frenchMessages: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: authMessages.invalidCredentials,
  EMAIL_NOT_VERIFIED: authMessages.emailNotVerified,
  INVALID_EMAIL: authMessages.invalidEmail,
  INVALID_PASSWORD: 'Mot de passe incorrect.',
  PASSWORD_TOO_SHORT: 'Le mot de passe doit contenir au moins 8 caractères.',
  PASSWORD_TOO_LONG: authMessages.passwordTooLong,
  INVALID_TOKEN: 'Ce lien est invalide ou a expiré. Faites une nouvelle demande.',
  TOKEN_EXPIRED: 'Ce lien a expiré. Faites une nouvelle demande.',
  EMAIL_ALREADY_VERIFIED: 'Cette adresse e-mail est déjà vérifiée.',
  EMAIL_MISMATCH: 'Cette adresse ne correspond pas à celle de votre compte.',
  EMAIL_CAN_NOT_BE_UPDATED: 'L’adresse e-mail ne peut pas être modifiée.',
  SESSION_EXPIRED: 'Votre session a expiré. Reconnectez-vous pour effectuer cette action.',
  SESSION_NOT_FRESH: 'Votre session a expiré. Reconnectez-vous pour effectuer cette action.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Ce compte n’a pas de mot de passe : connectez-vous avec Google.',
  PROVIDER_NOT_FOUND: 'Ce fournisseur de connexion n’est pas configuré sur ce serveur.',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'Ce compte Google est déjà associé à un autre utilisateur.',
  LINKED_ACCOUNT_ALREADY_EXISTS: 'Ce compte Google est déjà associé à un autre utilisateur.',
  INVALID_ORIGIN: 'Origine de la requête non autorisée.',
  MISSING_OR_NULL_ORIGIN: 'Origine de la requête non autorisée.',
  INVALID_CALLBACK_URL: 'Adresse de redirection non autorisée.',
  INVALID_REDIRECT_URL: 'Adresse de redirection non autorisée.',
  INVALID_ERROR_CALLBACK_URL: 'Adresse de redirection non autorisée.',
  INVALID_NEW_USER_CALLBACK_URL: 'Adresse de redirection non autorisée.',
  FAILED_TO_CREATE_USER: 'Impossible de créer le compte. Veuillez réessayer plus tard.',
  FAILED_TO_CREATE_SESSION: 'Impossible d’ouvrir la session. Veuillez réessayer plus tard.',
  FAILED_TO_UPDATE_USER: 'Impossible de mettre à jour le compte. Veuillez réessayer plus tard.',
  USER_NOT_FOUND: 'Ce lien est invalide ou a expiré. Faites une nouvelle demande.',
  VALIDATION_ERROR: defaultErrorMessages.VALIDATION_FAILED,
};

const byStatus: Record<number, { code: string; message: string }> = {
  400: { code: 'BAD_REQUEST', message: defaultErrorMessages.BAD_REQUEST },
  401: { code: 'UNAUTHENTICATED', message: defaultErrorMessages.UNAUTHENTICATED },
  403: { code: 'FORBIDDEN', message: defaultErrorMessages.FORBIDDEN },
  404: { code: 'NOT_FOUND', message: defaultErrorMessages.NOT_FOUND },
  429: { code: 'RATE_LIMITED', message: defaultErrorMessages.RATE_LIMITED },
};

export function translateAuthError(
  status: number,
  body: unknown,
  path: string,
): { error: string; code: string; message: string } {
  if (status === 401 && path === '/api/auth/change-email') {
    return {
      error: authMessages.changeEmailSignedOut,
      code: 'UNAUTHENTICATED',
      message: authMessages.changeEmailSignedOut,
    };
  }
  const authCode =
    typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string'
      ? (body as { code: string }).code
      : undefined;
  const known = authCode ? frenchMessages[authCode] : undefined;
  const fallback =
    byStatus[status] ??
    (status >= 500
      ? { code: 'INTERNAL_ERROR', message: defaultErrorMessages.INTERNAL_ERROR }
      : { code: 'BAD_REQUEST', message: defaultErrorMessages.BAD_REQUEST });
  const message = known ?? fallback.message;
  return { error: message, code: known && authCode ? authCode : fallback.code, message };
}
