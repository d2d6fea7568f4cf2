import { useParams } from 'react-router';
import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { SitePage } from '../../../features/sites/index.ts';

/** `/private/sites/:id`: one site, its data and results (issue #24 §2). */
function PrivateSitePage() {
  const { id = '' } = useParams();
  return (
    <>
      <DocumentTitle title="Site" />
      <SitePage key={id} id={id} />
    </>
  );
}

export { PrivateSitePage as Component };
