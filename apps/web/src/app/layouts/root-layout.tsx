import { Outlet } from 'react-router';
import { SkipLink } from '../../components/ui/skip-link.tsx';
import { MAIN_ID, useNavigationFocus } from './use-navigation-focus.ts';

/** Wraps every route: the skip link and the focus/scroll handling of navigations. */
export function RootLayout() {
  useNavigationFocus();
  return (
    <>
      <SkipLink targetId={MAIN_ID} />
      <Outlet />
    </>
  );
}
