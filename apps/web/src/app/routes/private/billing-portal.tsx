import { LocalPortalPage } from '../../../features/plans/components/local-portal-page.tsx';

export { LocalPortalPage as Component };
