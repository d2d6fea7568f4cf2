import { useParams } from 'react-router';
import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { SiteFormPage } from '../../../features/sites/index.ts';

/** `/private/sites/nouveau` and `/private/sites/:id/modifier`: a site's form (issue #24 §2). */
function PrivateSiteFormPage() {
  const { id } = useParams();
  return (
    <>
      <DocumentTitle title={id ? 'Modifier le site' : 'Nouveau site'} />
      <SiteFormPage key={id ?? 'nouveau'} id={id ?? null} />
    </>
  );
}

export { PrivateSiteFormPage as Component };
