import type { PasswordStrength } from '@pilote/contracts';

/** Texts of the /login page that the spec does not fix (the spec's own texts live in `authMessages`). */
export const authFormMessages = {
  passwordRequired: 'Veuillez saisir votre mot de passe.',
  googleFailed: 'Échec de la connexion avec Google.',
  googleNotConfigured: "La connexion avec Google n'est pas configurée sur cette instance.",
  microsoftNotImplemented: "La connexion avec Microsoft n'est pas encore disponible : elle reste à implémenter.",
  inactivityLogout: "Vous avez été déconnecté pour cause d'inactivité.",
  signUpDone: (email: string) =>
    `Compte créé. Pour l'activer, ouvrez le lien de vérification que nous venons d'envoyer à ${email}, puis connectez-vous.`,
  resetRequested: (email: string) =>
    `Si un compte existe pour ${email}, un e-mail contenant un lien de réinitialisation vient de lui être envoyé (valable 1 heure).`,
  changeEmailRequested: (email: string) =>
    `Un lien de confirmation a été envoyé à ${email}. Votre adresse sera modifiée dès que vous l'aurez ouvert.`,
  changeEmailPasswordHint:
    'Par sécurité, confirmez avec votre mot de passe. Compte Google sans mot de passe : laissez vide, après vous être reconnecté il y a moins de 5 minutes.',
  emailChangeUndone:
    'Le changement d’adresse e-mail a été annulé : votre adresse précédente est rétablie et toutes les sessions ont été fermées. Connectez-vous, puis choisissez un nouveau mot de passe si vous n’étiez pas à l’origine de la demande.',
  emailChangeUndoInvalid: 'Ce lien d’annulation est invalide, a déjà été utilisé ou a expiré.',
  emailChangeUndoConflict:
    'Votre adresse précédente est désormais utilisée par un autre compte : le changement n’a pas pu être annulé. Contactez-nous.',
} as const;

export const passwordStrengthLabels: Record<PasswordStrength, string> = {
  weak: 'faible',
  medium: 'moyen',
  strong: 'fort',
  very_strong: 'très fort',
};

/** better-auth error codes of the link redirects (`?error=`) in French. */
export function describeLinkError(code: string | null): string {
  switch (code) {
    case 'TOKEN_EXPIRED':
      return 'Ce lien a expiré. Faites une nouvelle demande.';
    case 'INVALID_USER':
      return 'Ce lien a été envoyé pour un autre compte que celui qui est connecté.';
    default:
      return 'Ce lien est invalide ou a expiré. Faites une nouvelle demande.';
  }
}
