import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PublicPage } from '../../../components/layout/public-page.tsx';
import { TrialCta } from '../../../components/layout/trial-cta.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { paths } from '../../../config/paths.ts';
import { publicPages } from '../../../config/public-pages.ts';
import {
  type CurrentTariffValue,
  currentTariffValues,
  formatParameterValue,
  gridOrder,
  statusLabels,
  todayIsoDate,
} from '../../../features/tariffs/current-values.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';

const statusStyles = {
  official: 'border-success/40 bg-success-soft',
  secondary: 'border-border-strong/40 bg-muted',
  estimate: 'border-gas/50 bg-background',
} as const;

function ValueRow({ row }: { row: CurrentTariffValue }) {
  return (
    <tr data-parameter-id={row.id} data-value={row.value ?? ''} className="border-b border-border align-top">
      <th scope="row" className="py-3 pr-4 text-left font-normal text-foreground">
        {row.description}
        {row.isEstimate && row.notes ? (
          <span className="mt-1 block text-xs text-muted-foreground">{row.notes}</span>
        ) : null}
      </th>
      <td className="py-3 pr-4 font-medium whitespace-nowrap text-foreground tabular-nums" data-cell="value">
        {row.display ?? 'Non disponible'}
        {row.display === null && row.lastKnown ? (
          <span className="mt-1 block text-xs font-normal whitespace-normal text-muted-foreground">
            Dernière valeur connue&nbsp;: {formatParameterValue(row.lastKnown.value, row.unit)} (depuis le{' '}
            {formatDate(row.lastKnown.from)}), plus en vigueur
          </span>
        ) : null}
      </td>
      <td className="py-3 pr-4 whitespace-nowrap text-muted-foreground" data-cell="from">
        {row.from ? formatDate(row.from) : '—'}
      </td>
      <td className="py-3 pr-4" data-cell="status">
        {row.status ? (
          <span
            className={cn(
              'inline-flex rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap text-foreground',
              statusStyles[row.status],
            )}
          >
            {statusLabels[row.status]}
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">Grille non intégrée</span>
        )}
      </td>
      <td className="py-3 text-xs" data-cell="sources">
        {row.sources.length > 0 ? (
          <ul className="space-y-1">
            {row.sources.map((source) => (
              <li key={`${source.url}-${source.title}`}>
                <a
                  href={source.url}
                  className="text-primary underline underline-offset-2"
                  rel="noopener noreferrer"
                  target="_blank"
                >
                  {source.title}
                  <span className="sr-only"> (nouvel onglet)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-muted-foreground">—</span>
        )}
      </td>
    </tr>
  );
}

function ValuesTable({ caption, rows }: { caption: string; rows: readonly CurrentTariffValue[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable with the keyboard (WCAG 2.1.1).
    <section className="not-prose relative overflow-x-auto" aria-label={caption} tabIndex={0}>
      <table className="w-full min-w-[52rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border-strong/60 text-left text-xs tracking-wide text-muted-foreground uppercase">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Terme
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Valeur
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Depuis le
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Statut
            </th>
            <th scope="col" className="py-2 font-semibold">
              Sources
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ValueRow key={row.id} row={row} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Secondary coefficients: the table is rendered only once opened (36 rows less to build on first paint). */
function DetailValues({ caption, rows }: { caption: string; rows: readonly CurrentTariffValue[] }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <details
      className="mt-4 rounded-lg border border-border p-4"
      open={isOpen}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-medium text-foreground">
        Coefficients de capacité mensuelle et de pénalités ({rows.length})
      </summary>
      {isOpen ? (
        <div className="mt-4">
          <ValuesTable caption={caption} rows={rows} />
        </div>
      ) : null}
    </details>
  );
}

function TariffsPage() {
  const date = todayIsoDate();
  const rows = currentTariffValues(date);
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

      {gridOrder.map(({ grid, title, intro }) => {
        const gridRows = rows.filter((row) => row.grid === grid);
        const main = gridRows.filter((row) => !row.isDetail);
        const details = gridRows.filter((row) => row.isDetail);
        if (gridRows.length === 0) {
          return null;
        }
        return (
          <section key={grid} aria-labelledby={`grille-${grid}`} className="mt-12">
            <h3 id={`grille-${grid}`}>{title}</h3>
            <p className="max-w-3xl text-muted-foreground">{intro}</p>
            {main.length > 0 ? <ValuesTable caption={title} rows={main} /> : null}
            {details.length > 0 ? (
              <DetailValues caption={`${title} : coefficients de capacité mensuelle et de pénalités`} rows={details} />
            ) : null}
          </section>
        );
      })}

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
