import type { MailMessage } from '../../adapters/mail/index.ts';

/** French texts of the identity mails. Plain text first; the HTML part repeats it with a button. */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function compose(input: {
  to: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}) {
  const { to, subject, paragraphs, action } = input;
  const text = [
    'Bonjour,',
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label} : ${action.url}`, ''] : []),
    'L’équipe Pilote Énergie',
  ].join('\n');
  const html = [
    '<!doctype html><html lang="fr"><body style="font-family: sans-serif; line-height: 1.5">',
    '<p>Bonjour,</p>',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(action
      ? [
          `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#047857;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>`,
          `<p style="font-size:12px;color:#555">Si le bouton ne fonctionne pas, copiez ce lien : ${escapeHtml(action.url)}</p>`,
        ]
      : []),
    '<p>L’équipe Pilote Énergie</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html, links: action ? [action.url] : [] } satisfies MailMessage;
}

export function verificationMail(to: string, url: string): MailMessage {
  return compose({
    to,
    subject: 'Confirmez votre adresse e-mail – Pilote Énergie',
    paragraphs: [
      'Merci de votre inscription sur Pilote Énergie. Pour activer votre compte, confirmez votre adresse e-mail en ouvrant le lien ci-dessous (valable 24 heures).',
      'Si vous n’êtes pas à l’origine de cette inscription, ignorez ce message : aucun compte ne sera activé.',
    ],
    action: { label: 'Confirmer mon adresse e-mail', url },
  });
}

export function changeEmailVerificationMail(to: string, url: string): MailMessage {
  return compose({
    to,
    subject: 'Confirmez votre nouvelle adresse e-mail – Pilote Énergie',
    paragraphs: [
      'Une demande de changement d’adresse e-mail a été faite pour votre compte Pilote Énergie. Ouvrez le lien ci-dessous pour confirmer que cette adresse est la vôtre ; le changement ne prendra effet qu’après cette confirmation.',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
    ],
    action: { label: 'Confirmer ma nouvelle adresse', url },
  });
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function existingAccountMail(to: string, loginUrl: string): MailMessage {
  return compose({
    to,
    subject: 'Tentative d’inscription avec votre adresse – Pilote Énergie',
    paragraphs: [
      'Quelqu’un (vous peut-être) a tenté de créer un compte Pilote Énergie avec cette adresse e-mail, qui possède déjà un compte. Aucun nouveau compte n’a été créé.',
      'Pour vous connecter, utilisez le lien ci-dessous. Si vous avez oublié votre mot de passe, choisissez « Mot de passe oublié » sur la page de connexion.',
      'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer ce message : votre compte n’a pas été modifié.',
    ],
    action: { label: 'Se connecter', url: loginUrl },
  });
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return compose({
    to,
    subject: 'Réinitialisation de votre mot de passe – Pilote Énergie',
    paragraphs: [
      'Vous avez demandé à réinitialiser le mot de passe de votre compte Pilote Énergie. Ouvrez le lien ci-dessous pour en choisir un nouveau (valable 1 heure). Toutes vos sessions ouvertes seront fermées.',
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
    ],
    action: { label: 'Choisir un nouveau mot de passe', url },
  });
}

export function passwordChangedMail(to: string, how: 'reset' | 'changed' = 'reset'): MailMessage {
  return compose({
    to,
    subject: 'Votre mot de passe a été modifié – Pilote Énergie',
    paragraphs: [
      how === 'reset'
        ? 'Le mot de passe de votre compte Pilote Énergie vient d’être réinitialisé et toutes vos sessions ont été fermées.'
        : 'Le mot de passe de votre compte Pilote Énergie vient d’être modifié depuis votre espace.',
      'Les liens de réinitialisation envoyés auparavant ne fonctionnent plus.',
      'Si vous n’êtes pas à l’origine de ce changement, contactez-nous immédiatement.',
    ],
  });
}

/** To the OLD address when a change is requested: it stays valid until the new one confirms; a link undoes it. */
export function emailChangeRequestedMail(to: string, newEmail: string, undoUrl: string): MailMessage {
  return compose({
    to,
    subject: 'Demande de changement de votre adresse e-mail – Pilote Énergie',
    paragraphs: [
      `Une demande de changement de l’adresse e-mail de votre compte Pilote Énergie vers ${newEmail} vient d’être faite. Votre adresse actuelle reste celle du compte tant que la nouvelle n’a pas été confirmée.`,
      'Si vous n’êtes pas à l’origine de cette demande, ouvrez le lien ci-dessous (valable 7 jours) : votre adresse actuelle sera rétablie, la demande annulée et toutes les sessions ouvertes fermées. Choisissez ensuite un nouveau mot de passe avec « Mot de passe oublié ».',
    ],
    action: { label: 'Annuler ce changement', url: undoUrl },
  });
}
