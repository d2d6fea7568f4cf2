import { organisationRoleLabels } from '@pilote/contracts';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitations.ts';

const statusMessages = {
  accepted: 'Cette invitation a déjà été acceptée.',
  revoked: 'Cette invitation a été annulée.',
  expired: 'Ce lien d’invitation a expiré : demandez une nouvelle invitation.',
} as const;

/**
 * `/invitation?token=`: where the invitation mail leads. Signed out: sign in or create an account with the invited
 * address, and come back here; signed in: accept (the server checks the e-mail) and open the organisation's page.
 */
export function InvitationPage({ token, signedInEmail }: { token: string; signedInEmail: string | null }) {
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const here = `${paths.invitation.path}?token=${encodeURIComponent(token)}`;

  if (!token) {
    return <Alert tone="error">Ce lien d’invitation n’est pas valide.</Alert>;
  }
  if (preview.isPending) {
    return <LoadingState />;
  }
  if (preview.error) {
    return <Alert tone="error">{preview.error.message}</Alert>;
  }
  const invitation = preview.data;
  const redirect = encodeURIComponent(here);

  return (
    <Card className="mx-auto flex max-w-lg flex-col gap-4">
      <h1 className="text-2xl font-semibold wrap-anywhere text-foreground">
        Rejoindre « {invitation.organisationName} »
      </h1>
      <p className="text-sm leading-6 text-muted-foreground">
        Invitation pour <strong className="wrap-anywhere text-foreground">{invitation.email}</strong>, avec le rôle{' '}
        {organisationRoleLabels[invitation.role].toLowerCase()}. Valable jusqu’au {formatDateTime(invitation.expiresAt)}
        .
      </p>
      {invitation.status !== 'pending' ? (
        <Alert tone="error">{statusMessages[invitation.status]}</Alert>
      ) : signedInEmail === null ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-foreground">
            Connectez-vous ou créez votre compte avec cette adresse e-mail pour accepter l’invitation.
          </p>
          <div className="flex flex-wrap gap-2">
            <Link variant="subtle" className={buttonStyles({})} to={`/login?redirect=${redirect}`}>
              Se connecter
            </Link>
            <Link
              variant="subtle"
              className={buttonStyles({ variant: 'outline' })}
              to={`/login?signup=true&redirect=${redirect}`}
            >
              Créer un compte
            </Link>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {signedInEmail !== invitation.email ? (
            <Alert tone="info">
              Vous êtes connecté avec {signedInEmail} : l’invitation ne peut être acceptée qu’avec le compte de{' '}
              {invitation.email}.
            </Alert>
          ) : null}
          <FormError error={accept.error} />
          <div>
            <Button
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(token, {
                  onSuccess: (organisation) => {
                    toast.success(`Vous avez rejoint « ${organisation.name} ».`);
                    void navigate(paths.organisation.getHref());
                  },
                })
              }
            >
              Accepter l’invitation
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
