import { Outlet, useNavigation } from 'react-router';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { MAIN_ID } from './use-navigation-focus.ts';

/** Header, main area and footer shared by every public page (spec §2.1). */
export function PublicLayout() {
  const navigation = useNavigation();
  const isNavigating = navigation.state !== 'idle';
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      {isNavigating ? (
        <div className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden" aria-hidden="true">
          <div className="h-full w-2/5 animate-progress bg-primary motion-reduce:w-full motion-reduce:animate-none" />
        </div>
      ) : null}
      <main id={MAIN_ID} tabIndex={-1} aria-busy={isNavigating} className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
