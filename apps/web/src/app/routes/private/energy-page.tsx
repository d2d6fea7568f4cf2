import { lazy, Suspense } from 'react';
import { type LoaderFunctionArgs, redirect, useParams } from 'react-router';
import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { Dashboard } from '../../../features/dashboard/components/dashboard.tsx';
import {
  CommodityFeaturePage,
  commodityFeatureTitles,
} from '../../../features/private-area/components/commodity-page.tsx';
import {
  defaultDashboardHref,
  energyNames,
  isEnergy,
  isEnergyPage,
} from '../../../features/private-area/utils/energy-paths.ts';
import { usageQueryOptions } from '../../../lib/usage.ts';
import { useCurrentUser } from '../../../lib/use-current-user.ts';
import { prefetchWhenSignedIn } from '../../providers/route-query-client.ts';

/**
 * The gas simulator (spec §2.8) and the gas CJA optimiser (spec §2.9) are chunks of their own, loaded by this route
 * module when asked for: no route of their own in the entry's router table, so the landing's entry bundle does not
 * grow. The optimiser's uPlot chart is a further chunk.
 */
const GasSimulatorPage = lazy(() =>
  import('../../../features/simulator/components/simulator-page.tsx').then((module) => ({
    default: module.SimulatorPage,
  })),
);
const GasOptimisationPage = lazy(() =>
  import('../../../features/optimisation/components/optimisation-page.tsx').then((module) => ({
    default: module.OptimisationPage,
  })),
);

const GasAuditPage = lazy(() =>
  import('../../../features/audit/components/audit-page.tsx').then((module) => ({
    default: module.AuditPage,
  })),
);

/**
 * Spec §2.3: an energy other than gas or elec → gas dashboard; an unknown page → default dashboard. Otherwise the
 * page's first queries start as the route is entered (ADR 0058); the gas simulator's and optimiser's query modules
 * are imported dynamically (small chunks of their own), so this route's chunk, the dashboards', does not grow.
 */
export function loader({ params }: LoaderFunctionArgs) {
  if (!isEnergy(params.energy) || !isEnergyPage(params.page)) {
    return redirect(defaultDashboardHref);
  }
  if (params.energy === 'gas' && params.page === 'simulator') {
    prefetchWhenSignedIn(async (queryClient) => {
      const { simulatorConfigQueryOptions } = await import('../../../features/simulator/api/get-simulator-config.ts');
      void queryClient.prefetchQuery(simulatorConfigQueryOptions());
    });
  }
  if (params.energy === 'gas' && params.page === 'optimisation') {
    prefetchWhenSignedIn(async (queryClient) => {
      void queryClient.prefetchQuery(usageQueryOptions());
      const { consumptionDatasetsQueryOptions, CONSUMPTION_DATASETS_PAGE_SIZE, DATASET_CHOICES } = await import(
        '../../../features/consumption-data/api/get-consumption-datasets.ts'
      );
      // The form's choice of datasets and the panel's first page.
      void queryClient.prefetchQuery(consumptionDatasetsQueryOptions(DATASET_CHOICES));
      void queryClient.prefetchQuery(
        consumptionDatasetsQueryOptions({ page: 1, pageSize: CONSUMPTION_DATASETS_PAGE_SIZE }),
      );
    });
  }
  return null;
}

/** `/private/{energy}/{dashboard|simulator|optimisation|audit}`. */
function EnergyPage() {
  const { energy, page } = useParams();
  const user = useCurrentUser();
  if (!isEnergy(energy) || !isEnergyPage(page)) {
    return null; // the loader redirected
  }
  const space = energyNames[energy].space;
  if (page === 'dashboard') {
    return (
      <>
        <DocumentTitle title={`Dashboard · ${space}`} />
        <Dashboard name={user.name} energy={energy} />
      </>
    );
  }
  if (energy === 'gas' && page === 'simulator') {
    return (
      <>
        <DocumentTitle title={`${commodityFeatureTitles[page]} · ${space}`} />
        <Suspense fallback={<LoadingState label="Chargement du simulateur…" />}>
          <GasSimulatorPage />
        </Suspense>
      </>
    );
  }
  if (energy === 'gas' && page === 'optimisation') {
    return (
      <>
        <DocumentTitle title={`${commodityFeatureTitles[page]} · ${space}`} />
        <Suspense fallback={<LoadingState label="Chargement de l’optimisation…" />}>
          <GasOptimisationPage />
        </Suspense>
      </>
    );
  }
  if (energy === 'gas' && page === 'audit') {
    return (
      <>
        <DocumentTitle title={`${commodityFeatureTitles[page]} · ${space}`} />
        <Suspense fallback={<LoadingState label="Chargement de l’audit…" />}>
          <GasAuditPage />
        </Suspense>
      </>
    );
  }
  return (
    <>
      <DocumentTitle title={`${commodityFeatureTitles[page]} · ${space}`} />
      <CommodityFeaturePage energy={energy} feature={page} />
    </>
  );
}

export { EnergyPage as Component };
