import { ArrowRight, Calculator, FilePenLine, FileSearch, Gauge, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { PortfolioFigures } from './portfolio-figures.tsx';
import { PortfolioOptimisation } from './portfolio-optimisation.tsx';

type Energy = 'gas' | 'elec';

type DashboardCard = { title: string; description: string; href: string; icon: LucideIcon };

function cardsFor(energy: Energy): DashboardCard[] {
  const base = `/private/${energy}`;
  return [
    {
      title: 'Simulateur',
      description: 'Estimez les coûts d’acheminement mensuels et annuels d’un point de livraison.',
      href: `${base}/simulator`,
      icon: Calculator,
    },
    {
      title: 'Optimisation',
      description: 'Comparez vos coûts avant et après optimisation de la capacité journalière (CJA).',
      href: `${base}/optimisation`,
      icon: Gauge,
    },
    {
      title: 'Audit (Beta)',
      description: 'Contrôlez les paramètres facturés sur vos factures de transport.',
      href: `${base}/audit`,
      icon: FileSearch,
    },
    {
      title: 'Mandats',
      description: 'Autorisez l’accès à vos données auprès des gestionnaires de réseau.',
      href: paths.accountMandates.getHref(),
      icon: FilePenLine,
    },
  ];
}

/** The welcome of the private area with shortcuts to each tool (later issues add live data). */
export function Dashboard({ name, energy }: { name: string; energy: Energy }) {
  return (
    <div className="flex flex-col gap-8">
      <div>
        {/* The name is the e-mail's local part until the user gives one: one long word that must wrap, not widen the page. */}
        <h1 className="text-2xl font-bold tracking-tight wrap-anywhere text-foreground sm:text-3xl">Bonjour {name}</h1>
        <p className="mt-2 text-muted-foreground">
          Bienvenue dans votre espace {energy === 'gas' ? 'gaz' : 'électricité'}. Que souhaitez-vous faire ?
        </p>
      </div>
      <PortfolioFigures energy={energy} />
      <PortfolioOptimisation />
      <h2 className="text-lg font-semibold text-foreground">Vos outils</h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {cardsFor(energy).map(({ title, description, href, icon: Icon }) => (
          <li key={href}>
            <Link
              to={href}
              className="group flex h-full flex-col gap-3 rounded-xl border border-border bg-surface p-5 shadow-sm transition-colors hover:border-primary"
            >
              <span className="flex items-center gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-lg font-semibold text-foreground">{title}</span>
                <ArrowRight
                  aria-hidden="true"
                  className="ml-auto size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 motion-reduce:transition-none"
                />
              </span>
              <span className="text-sm leading-6 text-muted-foreground">{description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
