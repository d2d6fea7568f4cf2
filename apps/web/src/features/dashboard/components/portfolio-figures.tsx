import { type Dashboard, dashboardMessages } from '@pilote/contracts';
import { AlertTriangle, Building2, CalendarClock, Database, Euro, type LucideIcon, PiggyBank } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCount, formatCurrency } from '../../../lib/format.ts';
import { useDashboard } from '../api/dashboard.ts';

type Figure = {
  key: string;
  title: string;
  value: string;
  /** What the figure sums, or what to do next when there is nothing yet. */
  detail: string;
  href: string;
  icon: LucideIcon;
};

function figuresOf(dashboard: Dashboard, energy: 'gas' | 'elec'): Figure[] {
  const audit = `/private/${energy}/audit`;
  const { sites, networkCost, savings, audits, mandates, data } = dashboard;
  const dataCount = data.missing + data.stale;
  return [
    {
      key: 'sites',
      title: dashboardMessages.sites,
      value: sites.count.toLocaleString('fr-FR'),
      detail: sites.count === 0 ? dashboardMessages.emptySites : 'Voir la liste des sites',
      href: paths.sites.getHref(),
      icon: Building2,
    },
    {
      key: 'cost',
      title: dashboardMessages.networkCost,
      value: networkCost.sitesWithResult === 0 ? '—' : formatCurrency(networkCost.annualEuros),
      detail:
        networkCost.sitesWithResult === 0
          ? dashboardMessages.emptyResults
          : `Selon le dernier résultat de ${formatCount(networkCost.sitesWithResult, 'site')}`,
      href: networkCost.sitesWithResult === 0 ? paths.sites.getHref() : paths.history.getHref(),
      icon: Euro,
    },
    {
      key: 'savings',
      title: dashboardMessages.savings,
      value: savings.sitesOptimised === 0 ? '—' : `${formatCurrency(savings.annualEuros)} / an`,
      detail:
        savings.sitesOptimised === 0
          ? 'Aucune économie trouvée pour l’instant : optimisez le portefeuille.'
          : `Sur ${formatCount(savings.sitesOptimised, 'site')}`,
      href: paths.history.getHref(),
      icon: PiggyBank,
    },
    {
      key: 'anomalies',
      title: dashboardMessages.anomalies,
      value: audits.done === 0 ? '—' : formatCount(audits.anomalies, 'anomalie'),
      detail:
        audits.done === 0
          ? dashboardMessages.emptyAudits
          : `${formatCurrency(audits.recoverableEuros)} récupérables sur ${formatCount(audits.done, 'facture contrôlée', 'factures contrôlées')}`,
      href: audit,
      icon: AlertTriangle,
    },
    {
      key: 'mandates',
      title: dashboardMessages.mandates,
      value: mandates.expiringSoon.toLocaleString('fr-FR'),
      detail:
        mandates.active === 0
          ? dashboardMessages.emptyMandates
          : `Sur ${formatCount(mandates.active, 'mandat actif', 'mandats actifs')}`,
      href: paths.accountMandates.getHref(),
      icon: CalendarClock,
    },
    {
      key: 'data',
      title: dashboardMessages.data,
      value: dataCount.toLocaleString('fr-FR'),
      detail:
        sites.count === 0
          ? dashboardMessages.emptySites
          : `${data.missing.toLocaleString('fr-FR')} sans données, ${data.stale.toLocaleString('fr-FR')} de plus de 45 jours`,
      href: `${paths.sites.getHref()}?data=missing-or-stale`,
      icon: Database,
    },
  ];
}

/** The organisation's figures below the welcome line (issue #24 §4, ADR 0074): each card links to its list. */
export function PortfolioFigures({ energy }: { energy: 'gas' | 'elec' }) {
  const dashboard = useDashboard();
  if (dashboard.isPending) {
    return <LoadingState label="Chargement des chiffres du portefeuille…" />;
  }
  if (dashboard.isError) {
    return <Alert tone="error">Les chiffres du portefeuille n’ont pas pu être chargés. Réessayez plus tard.</Alert>;
  }
  return (
    <section aria-labelledby="portfolio-figures" className="flex flex-col gap-4">
      <h2 id="portfolio-figures" className="text-lg font-semibold text-foreground">
        Votre portefeuille
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {figuresOf(dashboard.data, energy).map(({ key, title, value, detail, href, icon: Icon }) => (
          <li key={key}>
            <Link
              to={href}
              data-figure={key}
              className="flex h-full flex-col gap-2 rounded-xl border border-border bg-surface p-5 shadow-sm transition-colors hover:border-primary"
            >
              <span className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
                <Icon aria-hidden="true" className="size-4" />
                {title}
                <span className="sr-only"> : </span>
              </span>
              <span className="text-2xl font-bold tabular-nums text-foreground wrap-anywhere">
                {value}
                <span className="sr-only">. </span>
              </span>
              <span className="text-sm leading-6 text-muted-foreground">{detail}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
