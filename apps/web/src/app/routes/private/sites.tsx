import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { SitesPage } from '../../../features/sites/index.ts';

/** `/private/sites`: the organisation's sites (issue #24 §2). */
function PrivateSitesPage() {
  return (
    <>
      <DocumentTitle title="Sites" />
      <SitesPage />
    </>
  );
}

export { PrivateSitesPage as Component };
