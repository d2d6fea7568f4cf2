import { Menu, X } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { BrandMark } from '../../components/layout/brand-mark.tsx';
import { usePublicAccountLinks } from '../../components/layout/use-public-account-links.ts';
import { buttonStyles } from '../../components/ui/button.tsx';
import { ThemeToggle } from '../../components/ui/theme-toggle.tsx';
import { paths } from '../../config/paths.ts';
import { cn } from '../../lib/cn.ts';
import { useTheme } from '../providers/use-theme.ts';
import { mainNavItems } from './public-nav.ts';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'text-foreground underline decoration-primary decoration-2 underline-offset-8' : 'text-muted-foreground',
  );

export function SiteHeader() {
  const { preference, resolvedTheme, toggleTheme } = useTheme();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();
  const closeMenu = () => setIsMenuOpen(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { account, trialHref } = usePublicAccountLinks();
  // Escape closes the open mobile menu from the toggle or from one of its links, and gives the focus back to the
  // toggle (a disclosure that only a second press on its button closed kept keyboard users inside it).
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isMenuOpen) {
      closeMenu();
      toggleRef.current?.focus();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape bubbling up from the menu's own buttons and links.
    <header
      onKeyDown={closeOnEscape}
      className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80"
    >
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home.getHref()} className="mr-auto rounded-md lg:mr-6" aria-label="Pilote Énergie, accueil">
          <BrandMark nameClassName="hidden min-[400px]:inline" />
        </Link>
        <nav aria-label="Navigation principale" className="hidden lg:mr-auto lg:block">
          <ul className="flex items-center gap-1">
            {mainNavItems.map((item) => (
              <li key={item.href}>
                <NavLink to={item.href} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ThemeToggle preference={preference} resolvedTheme={resolvedTheme} onToggle={toggleTheme} />
        <Link to={account.href} className={buttonStyles({ variant: 'ghost', size: 'sm', className: 'px-2 sm:px-3' })}>
          {account.label}
        </Link>
        {trialHref ? (
          <Link to={trialHref} className={buttonStyles({ size: 'sm', className: 'max-sm:hidden' })}>
            Essai gratuit
          </Link>
        ) : null}
        <button
          ref={toggleRef}
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-md text-foreground hover:bg-muted lg:hidden"
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          aria-label={isMenuOpen ? 'Fermer le menu' : 'Ouvrir le menu'}
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          {isMenuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
        </button>
      </div>
      <nav
        id={menuId}
        aria-label="Navigation principale (mobile)"
        hidden={!isMenuOpen}
        className="border-t border-border lg:hidden"
      >
        <ul className="mx-auto flex w-full max-w-6xl flex-col gap-1 px-4 py-3 sm:px-6">
          {mainNavItems.map((item) => (
            <li key={item.href}>
              <NavLink
                to={item.href}
                onClick={closeMenu}
                className={({ isActive }) => cn(navLinkClass({ isActive }), 'block text-base')}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          {trialHref ? (
            <li className="sm:hidden">
              <Link to={trialHref} onClick={closeMenu} className={buttonStyles({ className: 'mt-2 w-full' })}>
                Essai gratuit
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}
