import { ArrowRight, FileSearch, Flame, Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../components/ui/card.tsx';
import { paths } from '../../config/paths.ts';

const features = [
  {
    icon: Flame,
    title: 'Simulation des tarifs gaz',
    description:
      "Calculez les coûts mensuels et annuels d'un point de livraison (PITD, LI ou PIC) : distribution, transport, stockage et taxes.",
    href: paths.tariffs.getHref(),
    linkLabel: 'Les tarifs de réseau',
  },
  {
    icon: Gauge,
    title: 'Optimisation de la CJA',
    description:
      'Comparez le coût annuel de votre capacité journalière avant et après optimisation, au regard de votre consommation réelle.',
    href: paths.cjaOptimisation.getHref(),
    linkLabel: "L'optimisation de la CJA",
  },
  {
    icon: FileSearch,
    title: 'Contrôle des factures (bêta)',
    description:
      'Vérifiez les paramètres facturés par le transporteur (NTR, TCL, CAR) en les comparant aux grilles tarifaires officielles.',
    href: paths.invoiceAudit.getHref(),
    linkLabel: 'Le contrôle des factures',
  },
] as const;

export function LandingPage() {
  return (
    <>
      <title>Pilote Énergie · Tarifs gaz, optimisation de la CJA et contrôle des factures</title>
      <section className="border-b border-border bg-surface">
        <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            Gaz et électricité pour les entreprises
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl">
            Pilote Énergie
          </h1>
          <p className="mt-6 max-w-3xl text-lg leading-8 text-muted-foreground">
            Pilote Énergie aide les entreprises à comprendre et à réduire le coût d'acheminement de leur gaz&nbsp;:
            simulez les tarifs de réseau de chacun de vos points de livraison à partir des grilles officielles, ajustez
            votre capacité journalière (CJA) à votre consommation réelle et contrôlez vos factures de transport. Donnez
            aux gestionnaires de réseau des mandats d'accès à vos données, révocables à tout moment&nbsp;;
            l'optimisation de la puissance souscrite en électricité suivra.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:items-center">
            <Link to={paths.login.getHref({ signup: true })} className={buttonStyles({ size: 'lg' })}>
              Essai gratuit, sans carte bancaire
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
            <Link to={paths.login.getHref()} className={buttonStyles({ variant: 'outline', size: 'lg' })}>
              Se connecter
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="features-title" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="features-title" className="text-2xl font-bold tracking-tight text-foreground">
          Ce que vous pouvez faire
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {features.map(({ icon: Icon, title, description, href, linkLabel }) => (
            <li key={href}>
              <Card className="flex h-full flex-col">
                <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <CardTitle className="mt-4">{title}</CardTitle>
                <CardDescription className="flex-1">{description}</CardDescription>
                <Link
                  to={href}
                  className="mt-4 inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {linkLabel}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
