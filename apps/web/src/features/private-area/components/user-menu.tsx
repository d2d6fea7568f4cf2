import type { AccountUser } from '@pilote/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { FilePenLine, Info, LifeBuoy, LogOut, Monitor, Moon, Sun, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { supportMailHref } from '../../../config/support.ts';
import { cn } from '../../../lib/cn.ts';
import { describeTheme, type ResolvedTheme, type ThemePreference } from '../../../lib/theme.ts';
import { useRuntimeInfo } from '../../build-info/index.ts';

const itemClass =
  'flex h-9 cursor-pointer select-none items-center gap-2 rounded-md px-2 text-sm text-foreground outline-none ' +
  'data-[highlighted]:bg-muted data-[disabled]:opacity-50';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts.at(-1)?.[0] ?? ''}` : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClass}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

export type UserMenuProps = {
  user: AccountUser;
  theme: { preference: ThemePreference; resolvedTheme: ResolvedTheme; toggle: () => void };
  onSignOut: () => void;
  isSigningOut: boolean;
};

/** Spec §2.4: Account, Mandats, Support (mail), About, the theme toggle with its 'system' mark, Déconnexion. */
export function UserMenu({ user, theme, onSignOut, isSigningOut }: UserMenuProps) {
  const ThemeIcon = theme.resolvedTheme === 'dark' ? Moon : Sun;
  const supportEmail = useRuntimeInfo().data?.supportEmail;
  return (
    // Not modal: a modal menu sets aria-hidden on the rest of the app, skip link and buttons included, while they
    // stay focusable (axe aria-hidden-focus). Focus still moves into the menu; Escape and Tab close it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="inline-flex h-10 items-center gap-2 rounded-full px-1 text-sm font-medium text-foreground hover:bg-muted sm:pr-3">
        {/* The name comes from the content, not an aria-label: the visible name is part of it (WCAG 2.5.3, axe
            label-content-name-mismatch). On a phone the name is read but not shown. */}
        <span className="sr-only">Menu utilisateur </span>
        <span
          aria-hidden="true"
          className="inline-flex size-8 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
        >
          {initialsOf(user.name)}
        </span>
        <span className="sr-only sm:not-sr-only sm:max-w-40 sm:truncate">{user.name}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-64 rounded-lg border border-border bg-background p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-2">
            <span className="block truncate text-sm font-semibold text-foreground">{user.name}</span>
            <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <MenuLink to={paths.accountSettings.getHref()} icon={<User aria-hidden="true" className="size-4" />}>
            Compte
          </MenuLink>
          <MenuLink to={paths.accountMandates.getHref()} icon={<FilePenLine aria-hidden="true" className="size-4" />}>
            Mandats
          </MenuLink>
          {supportEmail ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <a href={supportMailHref(supportEmail)}>
                <LifeBuoy aria-hidden="true" className="size-4" />
                Support
              </a>
            </DropdownMenu.Item>
          ) : (
            <MenuLink to={paths.contact.getHref()} icon={<LifeBuoy aria-hidden="true" className="size-4" />}>
              Support
            </MenuLink>
          )}
          <MenuLink to={paths.accountAbout.getHref()} icon={<Info aria-hidden="true" className="size-4" />}>
            À propos
          </MenuLink>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={itemClass}
            data-testid="menu-theme-toggle"
            data-theme-preference={theme.preference}
            data-theme={theme.resolvedTheme}
            onSelect={(event) => {
              event.preventDefault(); // keep the menu open: the user sees the new state
              theme.toggle();
            }}
          >
            <span className="relative inline-flex size-4">
              <ThemeIcon aria-hidden="true" className="size-4" />
            </span>
            <span className="flex-1">{describeTheme(theme.preference, theme.resolvedTheme)}</span>
            {theme.preference === 'system' ? (
              <span
                className="inline-flex items-center gap-1 rounded-sm bg-muted px-1.5 py-0.5 text-xs text-muted-foreground"
                data-testid="theme-system-mark"
              >
                <Monitor aria-hidden="true" className="size-3" />
                système
              </span>
            ) : null}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={cn(itemClass, 'text-danger')}
            disabled={isSigningOut}
            onSelect={() => onSignOut()}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Déconnexion
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
