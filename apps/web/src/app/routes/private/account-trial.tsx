import { TrialPage } from '../../../features/plans/components/trial-page.tsx';

export { TrialPage as Component };
