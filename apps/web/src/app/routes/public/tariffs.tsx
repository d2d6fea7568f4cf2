import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { PublicPage } from '../../../components/layout/public-page.tsx';
import { TrialCta } from '../../../components/layout/trial-cta.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';
import { todayIsoDate } from '../../../features/tariffs/today.ts';
import { formatDate } from '../../../lib/format.ts';

// The tables and the tariff engine load in their own chunk: the explanation above them paints first (LCP).
const PublicTariffCalendar = lazy(() =>
  import('../../../features/tariff-data/components/public-tariff-calendar.tsx').then((module) => ({
    default: module.PublicTariffCalendar,
  })),
);
const TariffValues = lazy(() =>
  import('../../../features/tariffs/components/tariff-values.tsx').then((module) => ({ default: module.TariffValues })),
);

function TariffsPage() {
  const date = todayIsoDate();
  return (
    <PublicPage
      page={publicPages.tariffs}
      eyebrow="Comprendre"
      wide
      lead="Le prix de la molécule se négocie avec votre fournisseur ; l'acheminement, lui, suit des tarifs publics fixés par la Commission de régulation de l'énergie (CRE). Voici comment ils se construisent et les valeurs qu'utilise Pilote Énergie aujourd'hui."
    >
      <div className="max-w-3xl space-y-5">
        <h2>Les briques d'une facture de gaz professionnelle</h2>
        <ul>
          <li>
            <strong>Distribution (ATRD)</strong>&nbsp;: si votre site est raccordé au réseau de distribution (GRDF dans
            la plupart des communes), vous payez un abonnement et un terme proportionnel aux MWh consommés selon votre
            option T1, T2 ou T3&nbsp;; en option T4 ou TP s'ajoute un terme de capacité sur votre CJA.
          </li>
          <li>
            <strong>Transport (ATRT)</strong>&nbsp;: NaTran ou Teréga facturent des termes de capacité en
            €/MWh/j/an&nbsp;: sortie du réseau principal (TCS), réseau régional (TCR, multiplié par le NTR de votre
            commune) et livraison (TCL). Pour un site raccordé à la distribution, ils sont calculés au PITD de la
            commune, sur une capacité normalisée (CJN = CAR × Zi × A) ou sur la CJA.
          </li>
          <li>
            <strong>Stockage</strong>&nbsp;: une compensation proportionnelle à votre modulation hivernale, au terme
            tarifaire de stockage (TTS).
          </li>
          <li>
            <strong>CTA</strong>&nbsp;: la contribution tarifaire d'acheminement s'applique aux parts fixes de la
            distribution et du transport.
          </li>
          <li>
            <strong>Accise</strong> (ex-TICGN) et <strong>CEE</strong>&nbsp;: montants par MWh consommé.
          </li>
          <li>
            <strong>TVA</strong>&nbsp;: au taux normal sur l'ensemble, y compris désormais sur l'abonnement et la CTA.
          </li>
        </ul>
        <p>
          Chaque sigle est détaillé dans le <Link to={paths.glossary.getHref()}>glossaire</Link>.
        </p>

        <h2 id="valeurs">Les valeurs en vigueur au {formatDate(date, 'long')}</h2>
        <p>
          Ces valeurs sont celles du moteur de calcul de Pilote Énergie, affichées telles quelles. Chacune indique sa
          date d'effet et un statut&nbsp;: <strong>officielle</strong> (lue dans un texte de la CRE ou du Journal
          officiel), <strong>source secondaire</strong> (publication publique recoupée) ou <strong>estimation</strong>{' '}
          (calculée par nous, par exemple en appliquant la hausse annoncée par la CRE à la grille précédente).
          Lorsqu'une nouvelle grille n'est pas encore intégrée, la valeur est indiquée comme non disponible&nbsp;: le
          simulateur le signale aussi au lieu d'inventer un chiffre.
        </p>
      </div>

      <Suspense
        fallback={
          <p className="mt-12 min-h-96 text-muted-foreground" role="status">
            Chargement des valeurs…
          </p>
        }
      >
        <TariffValues date={date} />
      </Suspense>

      <div className="mt-12">
        <Suspense fallback={null}>
          <PublicTariffCalendar />
        </Suspense>
      </div>

      <div className="max-w-3xl">
        <p className="mt-10 text-sm text-muted-foreground">
          Une valeur vous semble dépassée&nbsp;?{' '}
          <RouterLink to={paths.contact.getHref()} className="text-primary underline underline-offset-4">
            Signalez-la-nous
          </RouterLink>
          &nbsp;: nous vérifions chaque grille à sa publication.
        </p>
        <TrialCta title="Appliquez ces tarifs à vos propres sites" />
      </div>
    </PublicPage>
  );
}

export { TariffsPage as Component };
