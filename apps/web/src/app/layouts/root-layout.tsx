import { Outlet } from 'react-router';
import { SkipLink } from '../../components/ui/skip-link.tsx';
import { BugReportButton } from '../../features/bug-report/components/bug-report-button.tsx';
import { MAIN_ID, useNavigationFocus } from './use-navigation-focus.ts';

/** Wraps every route: the skip link, the focus/scroll handling of navigations and the bug-report button. */
export function RootLayout() {
  useNavigationFocus();
  return (
    <>
      <SkipLink targetId={MAIN_ID} />
      <Outlet />
      <BugReportButton />
    </>
  );
}
