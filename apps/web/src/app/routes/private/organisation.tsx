import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { OrganisationSettingsPage } from '../../../features/organisations/index.ts';
import { useCurrentUser } from '../../../lib/use-current-user.ts';

/** `/private/organisation`: the active organisation's identity, members and invitations (issue #24 §1). */
function PrivateOrganisationPage() {
  const user = useCurrentUser();
  return (
    <>
      <DocumentTitle title="Organisation" />
      <OrganisationSettingsPage userId={user.id} />
    </>
  );
}

export { PrivateOrganisationPage as Component };
