import { Link } from 'react-router';
import { BrandMark } from '../../components/layout/brand-mark.tsx';
import { paths } from '../../config/paths.ts';
import { footerNavItems } from './public-nav.ts';

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between lg:px-8">
        <div className="max-w-sm">
          <Link to={paths.home.getHref()} className="inline-block rounded-md" aria-label="Pilote Énergie, accueil">
            <BrandMark />
          </Link>
          <p className="mt-3 text-sm leading-6 text-muted-foreground">
            Tarifs de réseau du gaz, optimisation de la CJA et contrôle des factures pour les entreprises.
          </p>
        </div>
        <nav aria-label="Informations et contact">
          <ul className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
            {footerNavItems.map((item) => (
              <li key={item.href}>
                <Link
                  to={item.href}
                  className="rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto w-full max-w-6xl px-4 py-4 text-xs text-muted-foreground sm:px-6 lg:px-8">
          © {new Date().getFullYear()} Pilote Énergie
        </p>
      </div>
    </footer>
  );
}
