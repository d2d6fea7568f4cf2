import { type LoaderFunctionArgs, redirect, useParams } from 'react-router';
import { DocumentTitle } from '../../../components/layout/page-header.tsx';
import { useCurrentUser } from '../../../features/auth/hooks/use-current-user.ts';
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

/** Spec §2.3: an energy other than gas or elec → gas dashboard; an unknown page → default dashboard. */
export function loader({ params }: LoaderFunctionArgs) {
  if (!isEnergy(params.energy) || !isEnergyPage(params.page)) {
    return redirect(defaultDashboardHref);
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
  return (
    <>
      <DocumentTitle title={`${commodityFeatureTitles[page]} · ${space}`} />
      <CommodityFeaturePage energy={energy} feature={page} />
    </>
  );
}

export { EnergyPage as Component };
