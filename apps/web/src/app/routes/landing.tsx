import { ArrowRight, FileCheck, FileSearch, Flame, Gauge, KeyRound, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { PageMeta } from '../../components/layout/page-meta.tsx';
import { usePublicAccountLinks } from '../../components/layout/use-public-account-links.ts';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../components/ui/card.tsx';
import { homePage } from '../../config/home-page.ts';
import { paths } from '../../config/paths.ts';

const features = [
  {
    icon: Flame,
    title: 'Simulateur de tarifs gaz',
    description:
      "Le coût mensuel et annuel d'un point de livraison PITD, LI ou PIC, terme par terme : distribution, transport, stockage, abonnement, CTA, accise et CEE.",
    href: paths.tariffs.getHref(),
    linkLabel: 'Comprendre les tarifs de réseau',
  },
  {
    icon: Gauge,
    title: 'Optimisation de la CJA',
    description:
      'La capacité journalière souscrite qui coûte le moins sur l’année, pénalités de dépassement comprises, calculée sur votre consommation réelle.',
    href: paths.cjaOptimisation.getHref(),
    linkLabel: "Voir l'optimisation de la CJA",
  },
  {
    icon: FileSearch,
    title: 'Audit des factures (bêta)',
    description:
      'Déposez vos factures de transport (PDF, XML, XLS ou XLSX) : NTR, TCL et CAR facturés sont comparés aux grilles tarifaires officielles.',
    href: paths.invoiceAudit.getHref(),
    linkLabel: "Découvrir l'audit",
  },
  {
    icon: FileCheck,
    title: 'Contrôle des factures',
    description:
      "Rapprochez chaque facture du montant attendu pour le même point et le même mois : un écart sur l'abonnement, la capacité ou la CTA saute aux yeux.",
    href: paths.invoiceAudit.getHref(),
    linkLabel: 'Comment contrôler une facture',
  },
  {
    icon: Wallet,
    title: 'Budgets énergie',
    description:
      "Préparez le budget d'acheminement de chaque site avec les grilles en vigueur à la date choisie ; les valeurs estimées sont signalées comme telles.",
    href: paths.energyBudgets.getHref(),
    linkLabel: 'Préparer un budget',
  },
  {
    icon: KeyRound,
    title: "Mandats d'accès aux données",
    description:
      'Autorisez GRDF, NaTran, Teréga ou Enedis à nous transmettre les données de vos PCE et PDL. Révocables à tout moment ; données supprimées sous 30 jours.',
    href: paths.faq.getHref(),
    linkLabel: 'Les mandats en questions',
  },
] as const;

const overpayingReasons = [
  {
    title: 'Une capacité souscrite trop haute',
    text: "Aux options T4 et TP, la CJA se paie tous les jours de l'année. Souscrite « par sécurité », elle coûte souvent bien plus que les rares dépassements qu'elle évite.",
  },
  {
    title: 'Des paramètres de facture jamais vérifiés',
    text: 'Niveau de tarif régional (NTR), terme de livraison (TCL), consommation de référence (CAR) : une valeur erronée se répète sur chaque facture, parfois pendant des années.',
  },
  {
    title: 'Des grilles qui changent chaque année',
    text: 'Le tarif de distribution évolue chaque 1er juillet, celui du transport chaque 1er avril, les taxes au 1er janvier ou au 1er février. Un budget non mis à jour dérive vite.',
  },
] as const;

const steps = [
  {
    title: 'Créez votre compte',
    text: 'Adresse e-mail et mot de passe, ou votre compte Google. Essai gratuit, sans carte bancaire.',
  },
  {
    title: 'Décrivez vos points de livraison',
    text: "Type de point (PITD, LI ou PIC), commune, option tarifaire, CAR ou CJA : les informations de votre contrat d'acheminement suffisent.",
  },
  {
    title: 'Simulez, optimisez, contrôlez',
    text: 'Coût détaillé par terme, CJA optimale et écarts de facturation, avec la date et la source de chaque valeur tarifaire utilisée.',
  },
] as const;

export function LandingPage() {
  const page = homePage;
  const account = usePublicAccountLinks();
  return (
    <>
      <PageMeta {...page} />
      <section aria-labelledby="hero-title" className="border-b border-border bg-surface">
        <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            Coûts de réseau du gaz · entreprises multi-sites
          </p>
          <h1
            id="hero-title"
            className="mt-3 max-w-4xl text-4xl font-bold tracking-tight text-balance text-foreground sm:text-5xl"
          >
            Pilote Énergie&nbsp;: arrêtez de payer trop cher l'acheminement de votre gaz
          </h1>
          <p className="mt-6 max-w-3xl text-lg leading-8 text-muted-foreground">
            Pilote Énergie aide les entreprises à comprendre et à réduire le coût d'acheminement de leur gaz&nbsp;:
            simulez les tarifs de réseau de chacun de vos points de livraison à partir des grilles officielles, ajustez
            votre capacité journalière (CJA) à votre consommation réelle et contrôlez vos factures de transport.
            L'optimisation de la puissance souscrite en électricité suivra.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:items-center">
            {account.trialHref ? (
              <Link to={account.trialHref} className={buttonStyles({ size: 'lg' })}>
                Essai gratuit, sans carte bancaire
                <ArrowRight aria-hidden="true" className="size-5" />
              </Link>
            ) : null}
            <Link to={account.account.href} className={buttonStyles({ variant: 'outline', size: 'lg' })}>
              {account.account.label}
            </Link>
          </div>
          <p className="mt-6 text-sm text-muted-foreground">
            Grilles CRE datées et sourcées · Valeurs estimées signalées · Interface en français, mode sombre
          </p>
        </div>
      </section>

      <section aria-labelledby="why-title" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="why-title" className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
          Pourquoi votre facture de réseau est souvent trop élevée
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">
          Sur une facture de gaz, l'acheminement (distribution, transport, stockage) et ses taxes ne se négocient pas
          avec le fournisseur&nbsp;: ils suivent des grilles publiques. Les économies viennent de vos propres choix et
          de la vérification de ce qui vous est facturé.
        </p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {overpayingReasons.map((reason) => (
            <li key={reason.title} className="rounded-xl border border-border p-6">
              <h3 className="text-lg font-semibold text-foreground">{reason.title}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="features-title" className="border-y border-border bg-surface">
        <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="features-title" className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
            Ce que vous pouvez faire
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.map(({ icon: Icon, title, description, href, linkLabel }) => (
              <li key={title}>
                <Card className="flex h-full flex-col bg-background">
                  <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <CardTitle className="mt-4">{title}</CardTitle>
                  <CardDescription className="flex-1">{description}</CardDescription>
                  <Link
                    to={href}
                    className="mt-4 inline-flex items-center gap-1 self-start rounded-sm text-sm font-medium text-primary underline underline-offset-4"
                  >
                    {linkLabel}
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="steps-title" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="steps-title" className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
          Comment ça marche
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-foreground">{step.title}</h3>
                <p className="mt-1 text-sm leading-6 text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-12 rounded-xl border border-border bg-surface p-6 sm:p-8">
          <h2 className="text-xl font-semibold tracking-tight text-foreground">
            Des chiffres que vous pouvez vérifier
          </h2>
          <p className="mt-2 max-w-3xl text-muted-foreground">
            Chaque valeur tarifaire utilisée par Pilote Énergie porte sa date d'effet et sa source (délibération de la
            CRE, loi de finances…). Lorsqu'une valeur est estimée ou qu'une grille n'est pas encore intégrée, l'outil le
            dit au lieu d'inventer un chiffre.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            {account.trialHref ? (
              <Link to={account.trialHref} className={buttonStyles({ size: 'lg' })}>
                Commencer l'essai gratuit
                <ArrowRight aria-hidden="true" className="size-5" />
              </Link>
            ) : null}
            <Link to={paths.tariffs.getHref()} className={buttonStyles({ variant: 'outline', size: 'lg' })}>
              Voir les valeurs en vigueur
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
