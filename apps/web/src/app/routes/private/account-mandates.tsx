import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { MandatesPage } from '../../../features/mandates/components/mandates-page.tsx';

/** `/private/account/mandats`: the mandates screen (spec §2.7, issue #13). */
function AccountMandatesPage() {
  return (
    <>
      <DocumentTitle title="Mes Mandats" />
      <MandatesPage />
    </>
  );
}

export { AccountMandatesPage as Component };
