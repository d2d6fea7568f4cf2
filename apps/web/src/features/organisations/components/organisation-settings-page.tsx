import {
  invitationBodySchema,
  invitationRoles,
  type Organisation,
  type OrganisationRole,
  organisationRoleDescriptions,
  organisationRoleLabels,
  organisationRoleRank,
  organisationRoles,
} from '@pilote/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardDescription } from '../../../components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteOrganisation, useLeaveOrganisation } from '../api/delete-organisation.ts';
import { useActiveOrganisation } from '../api/get-active-organisation.ts';
import { useInvitationChanges, useInvitations } from '../api/invitations.ts';
import { useMemberChanges, useMembers } from '../api/members.ts';
import { useCreateOrganisation, useUpdateOrganisation } from '../api/save-organisation.ts';
import { IdentityForm } from './identity-form.tsx';

const PAGE_SIZE = 20;
const isAtLeast = (role: OrganisationRole, least: OrganisationRole) =>
  organisationRoleRank[role] >= organisationRoleRank[least];

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold text-foreground">{title}</h2>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </div>
      {children}
    </Card>
  );
}

function NewOrganisationDialog() {
  const [open, setOpen] = useState(false);
  const create = useCreateOrganisation();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">Créer une organisation</Button>
      </DialogTrigger>
      <DialogContent
        title="Nouvelle organisation"
        description="Vous en serez propriétaire ; elle devient votre organisation active."
        className="max-w-xl"
      >
        <div className="mt-4">
          <IdentityForm
            submitLabel="Créer l’organisation"
            pending={create.isPending}
            error={create.error}
            onSubmit={(body) =>
              create.mutate(body, {
                onSuccess: (organisation) => {
                  toast.success(`Organisation « ${organisation.name} » créée.`);
                  setOpen(false);
                },
              })
            }
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Identity({ organisation }: { organisation: Organisation }) {
  const update = useUpdateOrganisation();
  const canEdit = isAtLeast(organisation.role, 'admin');
  return (
    <Section
      title="Identité"
      description={
        canEdit
          ? 'Raison sociale, SIREN, numéro de TVA et adresse : ils figureront sur vos factures.'
          : 'Seuls les administrateurs et propriétaires peuvent modifier l’identité.'
      }
    >
      <IdentityForm
        key={organisation.updatedAt}
        organisation={organisation}
        readOnly={!canEdit}
        submitLabel="Enregistrer"
        pending={update.isPending}
        error={update.error}
        onSubmit={(body) =>
          update.mutate({ id: organisation.id, body }, { onSuccess: () => toast.success('Identité enregistrée.') })
        }
      />
    </Section>
  );
}

function Members({ organisation, userId }: { organisation: Organisation; userId: string }) {
  const [page, setPage] = useState(1);
  const members = useMembers(organisation.id, { page, pageSize: PAGE_SIZE });
  const changes = useMemberChanges(organisation.id);
  const canManage = isAtLeast(organisation.role, 'admin');
  const isOwner = organisation.role === 'owner';
  const onError = (error: Error) => toast.error(error.message);

  return (
    <Section title="Membres" description="Les rôles : propriétaire, administrateur, membre et lecteur.">
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        {organisationRoles.map((role) => (
          <div key={role}>
            <dt className="font-medium text-foreground">{organisationRoleLabels[role]}</dt>
            <dd className="text-muted-foreground">{organisationRoleDescriptions[role]}</dd>
          </div>
        ))}
      </dl>
      {members.isPending ? <LoadingState /> : null}
      {members.error ? <Alert tone="error">{members.error.message}</Alert> : null}
      <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Membres de l’organisation">
        {(members.data?.items ?? []).map((member) => {
          const isMe = member.userId === userId;
          const canChange = canManage && !isMe && (isOwner || member.role !== 'owner');
          return (
            <li key={member.userId} className="flex flex-wrap items-center gap-3 p-3" data-testid="member-row">
              <div className="min-w-0 flex-1">
                <p className="font-medium wrap-anywhere text-foreground">
                  {member.name}
                  {isMe ? <span className="text-muted-foreground"> (vous)</span> : null}
                </p>
                <p className="text-sm wrap-anywhere text-muted-foreground">{member.email}</p>
              </div>
              {canChange ? (
                <Select
                  aria-label={`Rôle de ${member.name}`}
                  className="w-auto"
                  value={member.role}
                  onChange={(event) =>
                    changes.changeRole.mutate(
                      { userId: member.userId, role: event.target.value as OrganisationRole },
                      { onError, onSuccess: () => toast.success('Rôle modifié.') },
                    )
                  }
                >
                  {organisationRoles
                    .filter((role) => isOwner || role !== 'owner')
                    .map((role) => (
                      <option key={role} value={role}>
                        {organisationRoleLabels[role]}
                      </option>
                    ))}
                </Select>
              ) : (
                <Badge>{organisationRoleLabels[member.role]}</Badge>
              )}
              {canChange ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    changes.remove.mutate(member.userId, {
                      onError,
                      onSuccess: () => toast.success(`${member.name} a été retiré de l’organisation.`),
                    })
                  }
                >
                  Retirer<span className="sr-only"> {member.name}</span>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {members.data && members.data.total > PAGE_SIZE ? (
        <Pager of={members.data} onChange={setPage} label="Pages des membres" />
      ) : null}
    </Section>
  );
}

function Invitations({ organisation }: { organisation: Organisation }) {
  const [page, setPage] = useState(1);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<(typeof invitationRoles)[number]>('member');
  const [emailError, setEmailError] = useState<string | undefined>();
  const invitations = useInvitations(organisation.id, { page, pageSize: PAGE_SIZE }, true);
  const changes = useInvitationChanges(organisation.id);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = invitationBodySchema.safeParse({ email, role });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    setEmailError(undefined);
    changes.invite.mutate(parsed.data, {
      onSuccess: (invitation) => {
        toast.success(`Invitation envoyée à ${invitation.email}.`);
        setEmail('');
      },
    });
  }

  return (
    <Section
      title="Inviter un collègue"
      description="Un lien à usage unique, valable 7 jours, est envoyé par e-mail. La personne se connecte ou crée son compte avec cette adresse, puis accepte."
    >
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <FormField label="Adresse e-mail" error={emailError}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Rôle">
          {(control) => (
            <Select
              {...control}
              value={role}
              onChange={(event) => setRole(event.target.value as (typeof invitationRoles)[number])}
            >
              {invitationRoles.map((value) => (
                <option key={value} value={value}>
                  {organisationRoleLabels[value]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <Button type="submit" disabled={changes.invite.isPending}>
          {changes.invite.isPending ? 'Envoi…' : 'Envoyer l’invitation'}
        </Button>
      </form>
      <FormError error={changes.invite.error} />
      <h3 className="text-base font-semibold text-foreground">Invitations en attente</h3>
      {invitations.data && invitations.data.total === 0 ? (
        <p className="text-sm text-muted-foreground">Aucune invitation en attente.</p>
      ) : null}
      <ul className="divide-y divide-border" aria-label="Invitations en attente">
        {(invitations.data?.items ?? []).map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="wrap-anywhere text-foreground">{invitation.email}</p>
              <p className="text-sm text-muted-foreground">
                {organisationRoleLabels[invitation.role]} · expire le {formatDateTime(invitation.expiresAt)}
              </p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                changes.revoke.mutate(invitation.id, {
                  onSuccess: () => toast.success('Invitation annulée.'),
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              Annuler<span className="sr-only"> l’invitation de {invitation.email}</span>
            </Button>
          </li>
        ))}
      </ul>
      {invitations.data && invitations.data.total > PAGE_SIZE ? (
        <Pager of={invitations.data} onChange={setPage} label="Pages des invitations" />
      ) : null}
    </Section>
  );
}

function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  error,
  children,
}: {
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
  error: unknown;
  children?: ReactNode;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">{label}</Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        <div className="mt-4 flex flex-col gap-4">
          {children}
          <FormError error={error} />
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Annuler</Button>
            </DialogClose>
            <Button onClick={onConfirm} disabled={pending}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Ownership({ organisation, userId }: { organisation: Organisation; userId: string }) {
  const leave = useLeaveOrganisation();
  const remove = useDeleteOrganisation();
  const changes = useMemberChanges(organisation.id);
  const members = useMembers(organisation.id, { page: 1, pageSize: 100 });
  const candidates = (members.data?.items ?? []).filter((member) => member.userId !== userId);
  const [target, setTarget] = useState('');
  const isOwner = organisation.role === 'owner';

  return (
    <Section title="Quitter, transférer ou supprimer">
      <div className="flex flex-wrap gap-3">
        <ConfirmButton
          label="Quitter l’organisation"
          title={`Quitter « ${organisation.name} » ?`}
          description="Vous n’aurez plus accès à ses données. Un propriétaire doit d’abord transférer la propriété s’il est le seul."
          confirmLabel="Quitter"
          pending={leave.isPending}
          error={leave.error}
          onConfirm={() =>
            leave.mutate(organisation.id, { onSuccess: () => toast.success('Vous avez quitté l’organisation.') })
          }
        />
        {isOwner ? (
          <ConfirmButton
            label="Transférer la propriété"
            title="Transférer la propriété"
            description="Le membre choisi devient propriétaire ; vous restez administrateur."
            confirmLabel="Transférer"
            pending={changes.transfer.isPending}
            error={changes.transfer.error}
            onConfirm={() =>
              target && changes.transfer.mutate(target, { onSuccess: () => toast.success('Propriété transférée.') })
            }
          >
            <FormField label="Nouveau propriétaire">
              {(control) => (
                <Select {...control} value={target} onChange={(event) => setTarget(event.target.value)}>
                  <option value="">Choisissez un membre</option>
                  {candidates.map((member) => (
                    <option key={member.userId} value={member.userId}>
                      {member.name} ({member.email})
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          </ConfirmButton>
        ) : null}
        {isOwner ? (
          <ConfirmButton
            label="Supprimer l’organisation"
            title={`Supprimer « ${organisation.name} » ?`}
            description="L’organisation, ses membres et ses invitations sont supprimés définitivement. Votre seule organisation ne peut pas être supprimée."
            confirmLabel="Supprimer définitivement"
            pending={remove.isPending}
            error={remove.error}
            onConfirm={() =>
              remove.mutate(organisation.id, { onSuccess: () => toast.success('Organisation supprimée.') })
            }
          />
        ) : null}
      </div>
    </Section>
  );
}

/** « Organisation »: the active organisation's identity, members, invitations, and leave / transfer / delete. */
export function OrganisationSettingsPage({ userId }: { userId: string }) {
  const active = useActiveOrganisation();
  if (active.isPending) {
    return <LoadingState />;
  }
  if (active.error) {
    return <Alert tone="error">{active.error.message}</Alert>;
  }
  const organisation = active.data;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold wrap-anywhere text-foreground">{organisation.name}</h1>
          <p className="text-sm text-muted-foreground">
            Votre rôle : {organisationRoleLabels[organisation.role]} · {organisation.memberCount} membre
            {organisation.memberCount > 1 ? 's' : ''}
          </p>
        </div>
        <NewOrganisationDialog />
      </div>
      <Identity organisation={organisation} />
      <Members organisation={organisation} userId={userId} />
      {isAtLeast(organisation.role, 'admin') ? <Invitations organisation={organisation} /> : null}
      <Ownership organisation={organisation} userId={userId} />
    </div>
  );
}
