import { type AccountUser, adminPanelRoles } from '@pilote/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { Flame, Menu, PanelLeftClose, PanelLeftOpen, X, Zap } from 'lucide-react';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandMark } from '../../components/layout/brand-mark.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { paths } from '../../config/paths.ts';
import { ChatPanel } from '../../features/chatbot/components/chat-panel.tsx';
import { OrganisationSwitcher } from '../../features/organisations/index.ts';
import { getSidebarItems, SidebarNav } from '../../features/private-area/components/sidebar-nav.tsx';
import { UserMenu } from '../../features/private-area/components/user-menu.tsx';
import { WelcomeBanner } from '../../features/private-area/components/welcome-banner.tsx';
import { useLastEnergyPath } from '../../features/private-area/hooks/use-last-energy-path.ts';
import { usePersistentFlag } from '../../features/private-area/hooks/use-persistent-flag.ts';
import { getCurrentEnergy, getEnergySwitch, getSpaceTitle } from '../../features/private-area/utils/energy-paths.ts';
import { cn } from '../../lib/cn.ts';
import { useTheme } from '../providers/use-theme.ts';
import { MAIN_ID } from './use-navigation-focus.ts';

export const SIDEBAR_COLLAPSED_KEY = 'pe:sidebar-collapsed';

/** The welcome animation plays once per page load, after the splash. */
let welcomedThisPage = false;

export function resetWelcomeForTests(): void {
  welcomedThisPage = false;
}

function BrandLink({ compact = false }: { compact?: boolean }) {
  return (
    <Link to={paths.home.getHref()} className="rounded-md" aria-label="Pilote Énergie, accueil">
      <BrandMark withName={!compact} />
    </Link>
  );
}

/**
 * Spec §2.4: collapsible sidebar (remembered; a drawer on small screens), space title, gas ↔ electricity switch,
 * user menu. `inert` while the splash screen covers it.
 */
export function PrivateLayout({
  user,
  inert = false,
  showWelcome,
  onSignOut,
  isSigningOut,
  children,
}: {
  user: AccountUser;
  inert?: boolean;
  showWelcome: boolean;
  onSignOut: () => void;
  isSigningOut: boolean;
  children?: ReactNode;
}) {
  const location = useLocation();
  const theme = useTheme();
  const lastEnergyPath = useLastEnergyPath();
  const [collapsed, setCollapsed] = usePersistentFlag(SIDEBAR_COLLAPSED_KEY);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isWelcomeVisible, setIsWelcomeVisible] = useState(() => !welcomedThisPage);
  const sidebarId = useId();
  const onWelcomeDone = useCallback(() => {
    welcomedThisPage = true;
    setIsWelcomeVisible(false);
  }, []);

  const energy = getCurrentEnergy(location.pathname, lastEnergyPath);
  const items = getSidebarItems(energy, adminPanelRoles.includes(user.role));
  const energySwitch = getEnergySwitch(location, lastEnergyPath);
  const SwitchIcon = energySwitch.target === 'elec' ? Zap : Flame;

  return (
    <div className="flex min-h-dvh bg-background" inert={inert} data-private-layout="">
      <aside
        id={sidebarId}
        aria-label="Menu latéral"
        data-collapsed={collapsed}
        className={cn(
          'sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-border bg-surface lg:flex',
          collapsed ? 'w-16' : 'w-64',
        )}
      >
        <div className={cn('flex h-16 items-center border-b border-border', collapsed ? 'justify-center' : 'px-4')}>
          <BrandLink compact={collapsed} />
        </div>
        <div className={cn('flex-1 overflow-y-auto py-4', collapsed ? 'px-2' : 'px-3')}>
          <SidebarNav items={items} collapsed={collapsed} />
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b border-border bg-background/95 px-3 backdrop-blur sm:px-4">
          <Dialog.Root open={isDrawerOpen} onOpenChange={setIsDrawerOpen}>
            <Dialog.Trigger
              className={buttonStyles({ variant: 'ghost', size: 'icon', className: 'lg:hidden' })}
              aria-label="Ouvrir le menu"
            >
              <Menu aria-hidden="true" className="size-5" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 lg:hidden" />
              <Dialog.Content
                className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-border bg-surface shadow-xl lg:hidden"
                aria-describedby={undefined}
              >
                <div className="flex h-16 items-center justify-between border-b border-border px-4">
                  <Dialog.Title className="sr-only">Menu</Dialog.Title>
                  <BrandLink />
                  <Dialog.Close
                    className={buttonStyles({ variant: 'ghost', size: 'icon' })}
                    aria-label="Fermer le menu"
                  >
                    <X aria-hidden="true" className="size-5" />
                  </Dialog.Close>
                </div>
                <div className="flex-1 overflow-y-auto px-3 py-4">
                  <SidebarNav items={items} onNavigate={() => setIsDrawerOpen(false)} />
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
          <button
            type="button"
            className={buttonStyles({ variant: 'ghost', size: 'icon', className: 'hidden lg:inline-flex' })}
            aria-controls={sidebarId}
            aria-expanded={!collapsed}
            aria-label={collapsed ? 'Déplier le menu latéral' : 'Réduire le menu latéral'}
            onClick={() => setCollapsed(!collapsed)}
          >
            {collapsed ? (
              <PanelLeftOpen aria-hidden="true" className="size-5" />
            ) : (
              <PanelLeftClose aria-hidden="true" className="size-5" />
            )}
          </button>
          <p className="mr-auto truncate text-base font-semibold text-foreground sm:text-lg" data-testid="space-title">
            {getSpaceTitle(location.pathname)}
          </p>
          <OrganisationSwitcher />
          <Link
            to={energySwitch.href}
            className={buttonStyles({ variant: 'outline', size: 'sm', className: 'max-sm:px-2' })}
            data-testid="energy-switch"
            aria-label={energySwitch.label}
            title={energySwitch.label}
          >
            <SwitchIcon
              aria-hidden="true"
              className={cn('size-4', energySwitch.target === 'elec' ? 'text-elec' : 'text-gas')}
            />
            <span className="max-sm:sr-only">{energySwitch.label}</span>
          </Link>
          <UserMenu
            user={user}
            theme={{ preference: theme.preference, resolvedTheme: theme.resolvedTheme, toggle: theme.toggleTheme }}
            onSignOut={onSignOut}
            isSigningOut={isSigningOut}
          />
        </header>
        {/*
          The assistant and bug-report buttons are fixed: nothing the user needs may sit under them (issue #21).
          pb-36: the page's end scrolls clear of them. From sm up they float in a right gutter (sm:pr-20, the
          buttons' 4 rem column and a margin) that the page's content never enters; on a phone, where a gutter
          would cost a fifth of the width, they sit side by side in a band along the bottom edge (below), and
          `data-private-layout` gives the page scroll paddings (styles.css) so that a control scrolled into view
          (keyboard focus, find, links) stops above that band and below the sticky header.
        */}
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 px-4 pt-8 pb-36 sm:px-6 sm:pr-20 lg:pl-10">
          {showWelcome && isWelcomeVisible ? <WelcomeBanner name={user.name} onDone={onWelcomeDone} /> : null}
          {children ?? <Outlet />}
        </main>
      </div>
      <div
        aria-hidden="true"
        className="fixed inset-x-0 bottom-0 z-30 h-16 border-t border-border bg-background/95 backdrop-blur sm:hidden"
      />
      <ChatPanel />
    </div>
  );
}
