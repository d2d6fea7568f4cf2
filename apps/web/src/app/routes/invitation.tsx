import { useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/layout/page-header.tsx';
import { LoadingState } from '../../components/ui/spinner.tsx';
import { InvitationPage } from '../../features/organisations/index.ts';
import { useSession } from '../../lib/session.ts';

/** `/invitation?token=`: the link of an invitation to join an organisation (issue #24 §1). */
function InvitationRoute() {
  const [searchParams] = useSearchParams();
  const session = useSession();
  return (
    <main id="main" className="min-h-dvh bg-background px-4 py-12">
      <DocumentTitle title="Invitation" />
      {session.isPending ? (
        <LoadingState label="Vérification de la session…" />
      ) : (
        <InvitationPage token={searchParams.get('token') ?? ''} signedInEmail={session.data?.email ?? null} />
      )}
    </main>
  );
}

export { InvitationRoute as Component };
