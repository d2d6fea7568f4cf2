import { referenceTableAttributions, tariffBillLines, tariffValueStatuses, transportNtrNotice } from '@pilote/content';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { PublicPage } from '../../../components/layout/public-page.tsx';
import { TrialCta } from '../../../components/layout/trial-cta.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';
import { MarkdownInline } from '../../../features/blog/components/markdown-content.tsx';
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
          {tariffBillLines.map((line) => (
            <li key={line.id} id={line.id} className="scroll-mt-24">
              <MarkdownInline text={line.text} />
            </li>
          ))}
        </ul>
        <p>
          Chaque sigle est détaillé dans le <Link to={paths.glossary.getHref()}>glossaire</Link>.
        </p>

        <h2 id="valeurs">Les valeurs en vigueur au {formatDate(date, 'long')}</h2>
        <p>
          <MarkdownInline text={tariffValueStatuses.text} />
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

      <div className="max-w-3xl space-y-3" data-testid="reference-tables">
        <h2 id="tables-de-reference" className="mt-12">
          Les tables de référence
        </h2>
        <p>
          Le simulateur rattache chaque commune à son PITD, à son niveau de tarif régional (NTR) et à sa station météo
          avec les tables officielles ci-dessous, converties sans modification de leurs valeurs.
        </p>
        <ul>
          {referenceTableAttributions.map((table) => (
            <li key={table.table}>
              <strong>{table.title}</strong> — {table.attribution}
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground">{transportNtrNotice}</p>
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
