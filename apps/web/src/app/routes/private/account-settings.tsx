import { SettingsPage } from '../../../features/plans/components/settings-page.tsx';

/** `/private/account/settings` (Paramètres): usage and plans (spec §2.6). */
export { SettingsPage as Component };
