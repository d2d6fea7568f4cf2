import {
  DASHBOARD_STALE_DAYS,
  mayActOnObject,
  type SiteDataFilter,
  type SiteSort,
  siteDataFilters,
  siteOptions,
  siteSorts,
} from '@pilote/contracts';
import { Download, Plus, Upload } from 'lucide-react';
import { useDeferredValue, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.tsx';
import { Input, Select } from '../../../components/ui/input.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useActiveOrganisation } from '../../organisations/index.ts';
import { SITES_PAGE_SIZE, type SitesListParams, siteExportHref, useSites } from '../api/sites.ts';
import { ImportSitesDialog } from './import-sites-dialog.tsx';

const sortLabels: Record<SiteSort, string> = {
  name: 'Nom (A → Z)',
  '-name': 'Nom (Z → A)',
  pce: 'PCE (croissant)',
  '-pce': 'PCE (décroissant)',
  createdAt: 'Ajout (plus anciens d’abord)',
  '-createdAt': 'Ajout (plus récents d’abord)',
};

const isSort = (value: string | null): value is SiteSort => (siteSorts as readonly string[]).includes(value ?? '');
/** The dashboard's data links (ADR 0074), said above the list. */
const dataFilterLabels: Record<SiteDataFilter, string> = {
  missing: 'Sites sans données de consommation.',
  stale: `Sites dont les données ont plus de ${DASHBOARD_STALE_DAYS} jours.`,
  'missing-or-stale': `Sites sans données de consommation ou dont les données ont plus de ${DASHBOARD_STALE_DAYS} jours.`,
};
const isDataFilter = (value: string | null): value is SiteDataFilter =>
  (siteDataFilters as readonly string[]).includes(value ?? '');
const isOption = (value: string | null): value is (typeof siteOptions)[number] =>
  (siteOptions as readonly string[]).includes(value ?? '');

/** The query of the list, read from and written to the address (`?q=&tag=&option=&sort=&page=`: shareable links). */
function useListQuery() {
  const [params, setParams] = useSearchParams();
  const sort = params.get('sort');
  const option = params.get('option');
  const data = params.get('data');
  const page = Number(params.get('page') ?? '1');
  const query: SitesListParams = {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: SITES_PAGE_SIZE,
    sort: isSort(sort) ? sort : 'name',
    q: params.get('q') ?? undefined,
    tag: params.get('tag') ?? undefined,
    option: isOption(option) ? option : undefined,
    data: isDataFilter(data) ? data : undefined,
  };
  // What the last `set` asked for, until the address shows it: two changes before the next render (clearing the tag,
  // then choosing a sort) must both count. React Router's `setParams` starts from the params of the last render, so
  // the second undid the first (seen in the browser test: the tag filter came back with the new sort).
  const latest = useRef({ seen: params.toString(), value: params });
  if (latest.current.seen !== params.toString()) {
    latest.current = { seen: params.toString(), value: params };
  }
  const set = (changes: Partial<Record<'q' | 'tag' | 'option' | 'data' | 'sort' | 'page', string>>) => {
    const next = new URLSearchParams(latest.current.value);
    for (const [key, value] of Object.entries(changes)) {
      if (value) {
        next.set(key, value);
      } else {
        next.delete(key);
      }
    }
    if (!('page' in changes)) {
      next.delete('page');
    }
    latest.current = { seen: latest.current.seen, value: next };
    setParams(next, { replace: true });
  };
  return { query, set };
}

/** « Sites » (issue #24 §2): the organisation's delivery points, sorted and filtered by the server, 20 a page. */
export function SitesPage() {
  const { query, set } = useListQuery();
  const [search, setSearch] = useState(query.q ?? '');
  const deferredSearch = useDeferredValue(search.trim());
  const effective = { ...query, q: deferredSearch || undefined };
  const sites = useSites(effective);
  const organisation = useActiveOrganisation();
  const canWrite = organisation.data ? mayActOnObject(organisation.data.role, 'create') : false;
  const [importOpen, setImportOpen] = useState(false);
  const headingId = useId();
  const filterId = useId();
  const filtered = Boolean(effective.q || effective.tag || effective.option || effective.data);

  return (
    <div className="flex w-full max-w-6xl min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 id={headingId} className="text-2xl font-bold tracking-tight text-foreground">
            Sites
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            Les points de livraison de {organisation.data?.name ?? 'votre organisation'} : leurs données, leurs mandats,
            leurs simulations, optimisations et audits.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canWrite ? (
            <>
              <Link to={paths.siteNew.getHref()} className={buttonStyles()}>
                <Plus aria-hidden="true" className="size-4" />
                Nouveau site
              </Link>
              <Button variant="outline" onClick={() => setImportOpen(true)}>
                <Upload aria-hidden="true" className="size-4" />
                Importer
              </Button>
            </>
          ) : null}
          <a href={siteExportHref('csv')} download className={buttonStyles({ variant: 'outline' })}>
            <Download aria-hidden="true" className="size-4" />
            Exporter en CSV
          </a>
          <a href={siteExportHref('xlsx')} download className={buttonStyles({ variant: 'outline' })}>
            <Download aria-hidden="true" className="size-4" />
            Exporter en XLSX
          </a>
        </div>
      </div>

      <search aria-label="Filtrer les sites" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label htmlFor={`${filterId}-0`} className="flex flex-col gap-1.5 text-sm font-medium text-foreground">
          Rechercher
          <Input
            id={`${filterId}-0`}
            type="search"
            value={search}
            placeholder="Nom ou PCE"
            onChange={(event) => {
              setSearch(event.target.value);
              set({ q: event.target.value.trim() });
            }}
          />
        </label>
        <label htmlFor={`${filterId}-1`} className="flex flex-col gap-1.5 text-sm font-medium text-foreground">
          Option tarifaire
          <Select
            id={`${filterId}-1`}
            value={query.option ?? ''}
            onChange={(event) => set({ option: event.target.value })}
          >
            <option value="">Toutes</option>
            {siteOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </label>
        <label htmlFor={`${filterId}-2`} className="flex flex-col gap-1.5 text-sm font-medium text-foreground">
          Étiquette
          <Input
            id={`${filterId}-2`}
            value={query.tag ?? ''}
            placeholder="Ex. Nord"
            onChange={(event) => set({ tag: event.target.value.trim() })}
          />
        </label>
        <label htmlFor={`${filterId}-3`} className="flex flex-col gap-1.5 text-sm font-medium text-foreground">
          Trier par
          <Select
            id={`${filterId}-3`}
            value={query.sort}
            onChange={(event) => set({ sort: event.target.value === 'name' ? '' : event.target.value })}
          >
            {siteSorts.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabels[sort]}
              </option>
            ))}
          </Select>
        </label>
      </search>

      {sites.isPending ? <LoadingState label="Chargement des sites…" /> : null}
      {sites.isError ? (
        <Alert tone="error">{sites.error instanceof Error ? sites.error.message : 'Une erreur est survenue'}</Alert>
      ) : null}
      {sites.data && sites.data.total === 0 && !filtered ? (
        <Card data-testid="sites-vide">
          <CardTitle>Aucun site pour l’instant</CardTitle>
          <CardDescription>
            {canWrite
              ? 'Importez la liste de vos points de livraison depuis un fichier CSV ou XLSX (une ligne par site, avec au moins le nom et le PCE), ou créez votre premier site à la main.'
              : 'Les membres de l’organisation n’ont encore ajouté aucun site.'}
          </CardDescription>
          {canWrite ? (
            <div className="mt-4 flex flex-wrap gap-2">
              <Button onClick={() => setImportOpen(true)}>
                <Upload aria-hidden="true" className="size-4" />
                Importer des sites
              </Button>
              <Link to={paths.siteNew.getHref()} className={buttonStyles({ variant: 'outline' })}>
                <Plus aria-hidden="true" className="size-4" />
                Créer un site
              </Link>
            </div>
          ) : null}
        </Card>
      ) : null}
      {query.data ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" role="status">
          {dataFilterLabels[query.data]}
          <button
            type="button"
            className="font-medium text-foreground underline underline-offset-4"
            onClick={() => set({ data: '' })}
          >
            Voir tous les sites
          </button>
        </p>
      ) : null}
      {sites.data && sites.data.total === 0 && filtered ? (
        <Alert>
          Aucun site ne correspond à ces filtres.{' '}
          <button
            type="button"
            className="font-medium underline underline-offset-4"
            onClick={() => {
              setSearch('');
              set({ q: '', tag: '', option: '', data: '' });
            }}
          >
            Effacer les filtres
          </button>
        </Alert>
      ) : null}
      {sites.data && sites.data.total > 0 ? (
        <>
          <ScrollRegion aria-labelledby={headingId} className="rounded-xl border border-border bg-surface">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">Sites de l’organisation, page {sites.data.page}</caption>
              <thead className="border-b border-border text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Nom
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    PCE
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Commune
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Option
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    CAR (MWh/an)
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    CJA (MWh/j)
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Fin de contrat
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Étiquettes
                  </th>
                </tr>
              </thead>
              <tbody>
                {sites.data.items.map((site) => (
                  <tr key={site.id} className="border-b border-border last:border-0">
                    <th scope="row" className="px-4 py-3 font-medium">
                      <Link
                        to={paths.site.getHref(site.id)}
                        className="text-primary underline-offset-4 hover:underline"
                      >
                        {site.name}
                      </Link>
                    </th>
                    <td className="px-4 py-3 font-mono tabular-nums">{site.pce}</td>
                    <td className="px-4 py-3">{site.address?.city ?? '—'}</td>
                    <td className="px-4 py-3">{site.option ?? '—'}</td>
                    <td className="px-4 py-3 text-right tabular-nums">
                      {site.car === null ? '—' : formatNumber(site.car, 1)}
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">
                      {site.cja === null ? '—' : formatNumber(site.cja, 1)}
                    </td>
                    <td className="px-4 py-3">{site.contractEndDate ? formatDate(site.contractEndDate) : '—'}</td>
                    <td className="px-4 py-3">
                      {site.tags.length > 0 ? (
                        <ul className="flex flex-wrap gap-1">
                          {site.tags.map((tag) => (
                            <li key={tag}>
                              <button
                                type="button"
                                onClick={() => set({ tag })}
                                className="rounded-full bg-muted px-2 py-0.5 text-xs text-foreground hover:bg-accent"
                                aria-label={`Filtrer sur l’étiquette ${tag}`}
                              >
                                {tag}
                              </button>
                            </li>
                          ))}
                        </ul>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager of={sites.data} label="Pages des sites" onChange={(page) => set({ page: String(page) })} />
        </>
      ) : null}
      {canWrite ? <ImportSitesDialog open={importOpen} onOpenChange={setImportOpen} /> : null}
    </div>
  );
}
