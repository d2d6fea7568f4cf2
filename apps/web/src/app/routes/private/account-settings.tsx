import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { AccountCard } from '../../../features/account/components/account-card.tsx';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
import { ComingSoonCard } from '../../../features/private-area/components/coming-soon.tsx';

/** `/private/account/settings` (Paramètres): the Account card; usage and plans come with a later issue. */
function AccountSettingsPage() {
  const user = useCurrentUser();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <DocumentTitle title="Paramètres" />
      <h1 className="text-2xl font-bold tracking-tight text-foreground">Paramètres</h1>
      <AccountCard user={user} />
      <ComingSoonCard title="Utilisation et quotas">
        Le suivi de votre période d'utilisation et de vos quotas par fonctionnalité arrive dans une prochaine version.
      </ComingSoonCard>
      <ComingSoonCard title="Abonnement">
        Le choix d'une formule et la gestion de votre abonnement arrivent dans une prochaine version.
      </ComingSoonCard>
    </div>
  );
}

export { AccountSettingsPage as Component };
