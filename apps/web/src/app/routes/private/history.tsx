import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { HistoryPage } from '../../../features/history/components/history-page.tsx';

/** `/private/historique`: past simulations and optimisations (issue #24 §3). */
function PrivateHistoryPage() {
  return (
    <>
      <DocumentTitle title="Historique" />
      <HistoryPage />
    </>
  );
}

export { PrivateHistoryPage as Component };
