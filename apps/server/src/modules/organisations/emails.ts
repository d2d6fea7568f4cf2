import type { MailMessage } from '../../adapters/mail/types.ts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const frenchDate = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(date);

/** The invitation to join an organisation: the single-use link, valid 7 days (ADR 0061). */
export function invitationMail(input: {
  to: string;
  url: string;
  organisationName: string;
  inviterName: string;
  roleLabel: string;
  expiresAt: Date;
}): MailMessage {
  const paragraphs = [
    `${input.inviterName} vous invite à rejoindre l’organisation « ${input.organisationName} » sur Pilote Énergie, avec le rôle ${input.roleLabel.toLowerCase()}.`,
    `Ouvrez le lien ci-dessous, puis connectez-vous ou créez votre compte avec cette adresse e-mail (${input.to}). Le lien est valable jusqu’au ${frenchDate(input.expiresAt)} et ne sert qu’une fois.`,
    'Si vous ne vous attendiez pas à cette invitation, ignorez ce message.',
  ];
  const label = 'Accepter l’invitation';
  const text = [
    'Bonjour,',
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${label} : ${input.url}`,
    '',
    'L’équipe Pilote Énergie',
  ].join('\n');
  const html = [
    '<!doctype html><html lang="fr"><body style="font-family: sans-serif; line-height: 1.5">',
    '<p>Bonjour,</p>',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:10px 16px;background:#047857;color:#fff;border-radius:6px;text-decoration:none">${label}</a></p>`,
    `<p style="font-size:12px;color:#555">Si le bouton ne fonctionne pas, copiez ce lien : ${escapeHtml(input.url)}</p>`,
    '<p>L’équipe Pilote Énergie</p>',
    '</body></html>',
  ].join('\n');
  return {
    to: input.to,
    subject: `Invitation à rejoindre ${input.organisationName} sur Pilote Énergie`,
    text,
    html,
    links: [input.url],
  };
}
