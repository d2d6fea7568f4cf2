import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { BuildInfoCard } from '../../../features/account/components/build-info-card.tsx';
import { useBackendInfo } from '../../../features/build-info/api/get-backend-info.ts';
import { useFrontendInfo } from '../../../features/build-info/api/get-frontend-info.ts';

export const RUNTIME_INFO_FAILED_MESSAGE = 'Impossible de charger les informations runtime.';

/** `/private/account/about` (À propos): frontend and backend version info (spec §2.3, §8). */
function AccountAboutPage() {
  const frontend = useFrontendInfo();
  const backend = useBackendInfo();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <DocumentTitle title="À propos" />
      <h1 className="text-2xl font-bold tracking-tight text-foreground">À propos</h1>
      {frontend.isError && backend.isError ? <Alert tone="error">{RUNTIME_INFO_FAILED_MESSAGE}</Alert> : null}
      <div className="grid gap-4 md:grid-cols-2">
        <BuildInfoCard
          title="Frontend"
          testId="frontend-info"
          info={frontend.data}
          isPending={frontend.isPending}
          error={frontend.error}
        />
        <BuildInfoCard
          title="Backend"
          testId="backend-info"
          info={backend.data}
          isPending={backend.isPending}
          error={backend.error}
        />
      </div>
    </div>
  );
}

export { AccountAboutPage as Component };
