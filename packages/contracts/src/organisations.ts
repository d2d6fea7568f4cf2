import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination.ts';

/**
 * Organisations (company accounts, issue #24 §1, ADR 0061) under /api/organisations/:
 *
 * - `GET    /api/organisations/`                          → my organisations, paginated (with my role)
 * - `POST   /api/organisations/`                          → create one (I am its owner; it becomes active)
 * - `GET    /api/organisations/active`                    → the active one (the last chosen, else my first)
 * - `PUT    /api/organisations/active`                    → `{ organisationId }`: remember my choice
 * - `GET    /api/organisations/:id`                       → one (404 unless I am a member)
 * - `PATCH  /api/organisations/:id`                       → identity: name, SIREN, VAT number, address (admin+)
 * - `DELETE /api/organisations/:id`                       → owner only, never my only organisation
 * - `GET    /api/organisations/:id/members`               → paginated
 * - `PATCH  /api/organisations/:id/members/:userId`       → `{ role }` (admin+; owners only touch owners)
 * - `DELETE /api/organisations/:id/members/:userId`       → remove (admin+; owners only remove owners)
 * - `POST   /api/organisations/:id/leave`                 → leave (never the last owner)
 * - `POST   /api/organisations/:id/transfer`              → `{ userId }`: owner hands ownership, stays admin
 * - `GET    /api/organisations/:id/invitations`           → pending invitations, paginated (admin+)
 * - `POST   /api/organisations/:id/invitations`           → `{ email, role }`: mails a single-use 7-day link
 * - `DELETE /api/organisations/:id/invitations/:invitationId` → revoke
 * - `GET    /api/organisations/invitations/preview?token=` → what the link invites to (no session needed)
 * - `POST   /api/organisations/invitations/accept`        → `{ token }`: join (the invitation's e-mail only)
 */

export const organisationRoles = ['owner', 'admin', 'member', 'viewer'] as const;
export const organisationRoleSchema = z.enum(organisationRoles);
export type OrganisationRole = z.infer<typeof organisationRoleSchema>;

/** Roles an invitation may give: an owner is only made by a transfer or a role change by an owner. */
export const invitationRoles = ['admin', 'member', 'viewer'] as const;
export const invitationRoleSchema = z.enum(invitationRoles);
export type InvitationRole = z.infer<typeof invitationRoleSchema>;

export const organisationRoleLabels: Record<OrganisationRole, string> = {
  owner: 'Propriétaire',
  admin: 'Administrateur',
  member: 'Membre',
  viewer: 'Lecteur',
};

export const organisationRoleDescriptions: Record<OrganisationRole, string> = {
  owner: 'Tous les droits, dont la suppression de l’organisation et le transfert de propriété.',
  admin: 'Gère l’identité de l’organisation, les membres et les invitations.',
  member: 'Consulte, crée et modifie les données de l’organisation.',
  viewer: 'Consulte les données de l’organisation sans pouvoir les modifier.',
};

/** Rank of a role: a higher rank may do everything a lower one may. */
export const organisationRoleRank: Record<OrganisationRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/**
 * What a member may do to an organisation's objects (simulations, optimisations, consumption data, audits,
 * mandates, sites…; ADR 0066): `create` covers launching (a simulation, an audit, a recalculation) and `edit`
 * any change; `own` says the caller created the object (its `user_id`).
 */
export type ObjectAction = 'read' | 'create' | 'edit' | 'delete';

/**
 * The object matrix (docs/permissions.md): everyone reads; members create and edit, and delete what they made;
 * admins and owners delete anything. Shared by the server (the guard) and the web (which buttons to show).
 */
export function mayActOnObject(role: OrganisationRole, action: ObjectAction, own = false): boolean {
  switch (action) {
    case 'read':
      return true;
    case 'create':
    case 'edit':
      return organisationRoleRank[role] >= organisationRoleRank.member;
    case 'delete':
      return organisationRoleRank[role] >= organisationRoleRank.admin || (role === 'member' && own);
  }
}

/** The 403 sentence when `mayActOnObject` says no. */
export function objectForbiddenMessage(role: OrganisationRole): string {
  return role === 'viewer' ? organisationMessages.viewerReadOnly : organisationMessages.deleteOthers;
}

export const INVITATION_TTL_DAYS = 7;
export const ORGANISATION_NAME_MAX = 120;

export const organisationMessages = {
  nameRequired: 'Veuillez renseigner le nom de l’organisation.',
  nameTooLong: `Le nom de l’organisation ne doit pas dépasser ${ORGANISATION_NAME_MAX} caractères.`,
  sirenFormat: 'Le SIREN doit comporter 9 chiffres.',
  sirenChecksum: 'Ce SIREN n’est pas valide : vérifiez les chiffres saisis.',
  vatFormat: 'Le numéro de TVA intracommunautaire doit avoir la forme FR suivi de 11 chiffres (ex. FR40303265045).',
  vatKey: 'La clé de ce numéro de TVA ne correspond pas au SIREN qu’il contient.',
  vatSirenMismatch: 'Le numéro de TVA ne correspond pas au SIREN saisi.',
  addressInvalid: 'Choisissez l’adresse dans la liste des suggestions.',
  emailInvalid: 'Veuillez saisir une adresse e-mail valide.',
  roleInvalid: 'Choisissez un rôle : administrateur, membre ou lecteur.',
  forbiddenRead: 'Vous n’avez pas accès à cette organisation.',
  forbiddenManage: 'Seuls les administrateurs et propriétaires de l’organisation peuvent faire cela.',
  forbiddenOwner: 'Seuls les propriétaires de l’organisation peuvent faire cela.',
  lastOwner:
    'Une organisation doit toujours avoir au moins un propriétaire : transférez la propriété ou nommez un autre propriétaire d’abord.',
  onlyOrganisation: 'Vous ne pouvez pas supprimer votre seule organisation.',
  alreadyMember: 'Cette personne est déjà membre de l’organisation.',
  transferToSelf: 'Choisissez un autre membre que vous-même.',
  invitationInvalid: 'Ce lien d’invitation n’est pas valide.',
  invitationExpired: 'Ce lien d’invitation a expiré : demandez une nouvelle invitation.',
  invitationUsed: 'Cette invitation a déjà été acceptée.',
  invitationRevoked: 'Cette invitation a été annulée.',
  invitationOtherEmail:
    'Cette invitation a été envoyée à une autre adresse e-mail : connectez-vous avec le compte de cette adresse.',
  invitationUnverified: 'Confirmez d’abord votre adresse e-mail pour accepter l’invitation.',
  viewerReadOnly:
    'Votre rôle de lecteur dans cette organisation permet de consulter, pas de créer, modifier ni supprimer : demandez à un administrateur de l’organisation le rôle de membre.',
  deleteOthers:
    'Un membre ne peut supprimer que ce qu’il a créé : demandez à un administrateur ou au propriétaire de l’organisation.',
} as const;

/** 9 digits whose Luhn sum is a multiple of 10 (INSEE). */
export function isValidSiren(siren: string): boolean {
  if (!/^\d{9}$/.test(siren)) {
    return false;
  }
  let sum = 0;
  for (let index = 0; index < 9; index++) {
    let digit = Number(siren[8 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) {
        digit -= 9;
      }
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The 2-digit key of the French VAT number of a SIREN: (12 + 3 × (SIREN mod 97)) mod 97. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/** `FR` + key + SIREN. */
export function frenchVatNumber(siren: string): string {
  return `FR${frenchVatKey(siren)}${siren}`;
}

/** Spaces, dots and dashes dropped, upper-case. */
export function normaliseVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

const sirenSchema = z
  .string({ error: organisationMessages.sirenFormat })
  .transform((value) => value.replace(/\s/g, ''))
  .superRefine((value, context) => {
    if (!/^\d{9}$/.test(value)) {
      context.addIssue({ code: 'custom', message: organisationMessages.sirenFormat });
    } else if (!isValidSiren(value)) {
      context.addIssue({ code: 'custom', message: organisationMessages.sirenChecksum });
    }
  });

const vatNumberSchema = z
  .string({ error: organisationMessages.vatFormat })
  .transform(normaliseVatNumber)
  .superRefine((value, context) => {
    const match = /^FR(\d{2})(\d{9})$/.exec(value);
    if (!match) {
      context.addIssue({ code: 'custom', message: organisationMessages.vatFormat });
    } else if (frenchVatKey(match[2] as string) !== match[1]) {
      context.addIssue({ code: 'custom', message: organisationMessages.vatKey });
    }
  });

/** An address as the BAN search gives it (`GET /api/address/search`), without its kind. */
export const organisationAddressSchema = z.object(
  {
    label: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .meta({ examples: ['8 Boulevard du Port 80000 Amiens'] }),
    address: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .meta({ examples: ['8 Boulevard du Port'] }),
    postal_code: z
      .string()
      .regex(/^\d{5}$/)
      .meta({ examples: ['80000'] }),
    city: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .meta({ examples: ['Amiens'] }),
    citycode: z
      .string()
      .max(10)
      .nullable()
      .meta({ examples: ['80021'] }),
  },
  { error: organisationMessages.addressInvalid },
);
export type OrganisationAddress = z.infer<typeof organisationAddressSchema>;

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** POST /api/organisations/ and PATCH /api/organisations/:id (every field sent: the whole identity). */
export const organisationBodySchema = z
  .object({
    name: z
      .string({ error: organisationMessages.nameRequired })
      .trim()
      .min(1, { error: organisationMessages.nameRequired })
      .max(ORGANISATION_NAME_MAX, { error: organisationMessages.nameTooLong }),
    siren: z.preprocess(emptyToNull, sirenSchema.nullable()).optional().default(null),
    vatNumber: z.preprocess(emptyToNull, vatNumberSchema.nullable()).optional().default(null),
    address: organisationAddressSchema.nullable().optional().default(null),
  })
  .superRefine((value, context) => {
    if (value.siren && value.vatNumber && value.vatNumber.slice(4) !== value.siren) {
      context.addIssue({ code: 'custom', path: ['vatNumber'], message: organisationMessages.vatSirenMismatch });
    }
  });
export type OrganisationBody = z.infer<typeof organisationBodySchema>;
export type OrganisationBodyInput = z.input<typeof organisationBodySchema>;

export const organisationSchema = z.object({
  id: z.string().meta({ examples: ['0b6f1c7e-3f55-4a4b-9a55-6f7b7c2d9e10'] }),
  name: z.string().meta({ examples: ['Laiterie Martin SAS'] }),
  siren: z
    .string()
    .nullable()
    .meta({ examples: ['732829320'] }),
  vatNumber: z
    .string()
    .nullable()
    .meta({ examples: ['FR44732829320'] }),
  address: organisationAddressSchema.nullable(),
  /** The caller's role in it. */
  role: organisationRoleSchema,
  memberCount: z.number().int().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Organisation = z.infer<typeof organisationSchema>;

export const organisationsQuerySchema = pageQuerySchema;
export const organisationsPageSchema = pageOf(organisationSchema);
export type OrganisationsPage = z.infer<typeof organisationsPageSchema>;

export const organisationIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const organisationMemberParamsSchema = z.object({
  id: z.string().min(1).max(100),
  userId: z.string().min(1).max(100),
});
export const organisationInvitationParamsSchema = z.object({
  id: z.string().min(1).max(100),
  invitationId: z.string().min(1).max(100),
});

export const activeOrganisationBodySchema = z.object({
  organisationId: z.string({ error: 'Choisissez une organisation.' }).min(1).max(100),
});

export const organisationMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: organisationRoleSchema,
  joinedAt: z.string(),
});
export type OrganisationMember = z.infer<typeof organisationMemberSchema>;
export const organisationMembersPageSchema = pageOf(organisationMemberSchema);
export type OrganisationMembersPage = z.infer<typeof organisationMembersPageSchema>;

export const memberRoleBodySchema = z.object({
  role: z.enum(organisationRoles, { error: 'Choisissez un rôle : propriétaire, administrateur, membre ou lecteur.' }),
});
export const transferOwnershipBodySchema = z.object({
  userId: z.string({ error: 'Choisissez le membre qui deviendra propriétaire.' }).min(1).max(100),
});

export const invitationBodySchema = z.object({
  email: z
    .string({ error: organisationMessages.emailInvalid })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: organisationMessages.emailInvalid }).max(254, { error: organisationMessages.emailInvalid })),
  role: z.enum(invitationRoles, { error: organisationMessages.roleInvalid }),
});
export type InvitationBody = z.infer<typeof invitationBodySchema>;

export const organisationInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: invitationRoleSchema,
  invitedByName: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type OrganisationInvitation = z.infer<typeof organisationInvitationSchema>;
export const organisationInvitationsPageSchema = pageOf(organisationInvitationSchema);
export type OrganisationInvitationsPage = z.infer<typeof organisationInvitationsPageSchema>;

export const invitationTokenSchema = z.string({ error: organisationMessages.invitationInvalid }).min(20).max(200);
export const invitationPreviewQuerySchema = z.object({ token: invitationTokenSchema });
export const invitationAcceptBodySchema = z.object({ token: invitationTokenSchema });

export const invitationStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const;
export const invitationPreviewSchema = z.object({
  organisationName: z.string(),
  email: z.string(),
  role: invitationRoleSchema,
  status: z.enum(invitationStatuses),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** The answer of a change that returns nothing else (delete, remove, leave, revoke, role change, transfer). */
export const organisationOkSchema = z.object({ ok: z.literal(true) });
export type OrganisationOk = z.infer<typeof organisationOkSchema>;
