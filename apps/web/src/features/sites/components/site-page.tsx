import { type MandateStatus, mandateStatusLabels, mayActOnObject, type Site } from '@pilote/contracts';
import { Calculator, Gauge, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import {
  formatCja,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
} from '../../../lib/format.ts';
import { useActiveOrganisation } from '../../organisations/index.ts';
import { useDeleteSite, useSite, useSiteActivity } from '../api/sites.ts';
import { ConsumptionChart } from './consumption-chart.tsx';

/** Where a result of this site starts: the form pre-filled from the site, the result saved to it. */
export const simulateFromSiteHref = (id: string) =>
  `${paths.privateEnergyPage.getHref('gas', 'simulator')}?site=${encodeURIComponent(id)}`;
export const optimiseFromSiteHref = (id: string) =>
  `${paths.privateEnergyPage.getHref('gas', 'optimisation')}?site=${encodeURIComponent(id)}`;

const auditStatusLabels: Record<string, string> = {
  uploaded: 'Déposé',
  queued: 'En attente',
  running: 'En cours',
  to_complete: 'À compléter',
  done: 'Terminé',
  failed: 'Échec',
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium text-foreground">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4">
      <CardTitle>{title}</CardTitle>
      {children}
    </Card>
  );
}

const linkStyle = 'font-medium text-primary underline-offset-4 hover:underline';

function SiteFacts({ site }: { site: Site }) {
  const dash = (value: string | number | null) => (value === null || value === '' ? 'Non renseigné' : value);
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Fact label="PCE">
        <span className="font-mono tabular-nums">{site.pce}</span>
      </Fact>
      <Fact label="Adresse">{site.address?.label ?? 'Non renseignée'}</Fact>
      <Fact label="Point">{site.pointType ? `${site.pointType} ${site.pointCode ?? ''}`.trim() : 'Non renseigné'}</Fact>
      <Fact label="Option · profil">
        {site.option ?? '—'} · {site.profile ?? '—'}
      </Fact>
      <Fact label="CAR">{site.car === null ? 'Non renseignée' : `${formatNumber(site.car, 1)} MWh/an`}</Fact>
      <Fact label="CJA">{site.cja === null ? 'Non renseignée' : `${formatNumber(site.cja, 1)} MWh/j`}</Fact>
      <Fact label="NTR">{dash(site.ntr)}</Fact>
      <Fact label="Fournisseur">{dash(site.supplier)}</Fact>
      <Fact label="Fin de contrat">
        {site.contractEndDate ? formatDate(site.contractEndDate, 'long') : 'Non renseignée'}
      </Fact>
      <Fact label="Étiquettes">{site.tags.length > 0 ? site.tags.join(', ') : 'Aucune'}</Fact>
    </dl>
  );
}

function DeleteSiteButton({ site }: { site: Site }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteSite();
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        Supprimer
      </Button>
      <DialogContent
        title={`Supprimer ${site.name} ?`}
        description="Le site est supprimé pour toute l’organisation. Ses simulations, optimisations et audits restent dans l’historique, sans site."
      >
        <div className="mt-4 flex flex-col gap-3">
          <FormError error={remove.error} />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">Annuler</Button>
            </DialogClose>
            <Button
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(site.id, {
                  onSuccess: () => {
                    toast.success('Site supprimé.');
                    navigate(paths.sites.getHref());
                  },
                })
              }
            >
              {remove.isPending ? 'Suppression…' : 'Supprimer le site'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function SiteActivitySections({ site, canWrite }: { site: Site; canWrite: boolean }) {
  const activity = useSiteActivity(site.id);
  if (activity.isPending) {
    return <LoadingState label="Chargement des résultats du site…" />;
  }
  if (activity.isError) {
    return <Alert tone="error">{activity.error.message}</Alert>;
  }
  const a = activity.data;
  return (
    <>
      <section className="grid gap-4 sm:grid-cols-3" aria-label="Chiffres clés du site">
        <Card className="p-4">
          <dl>
            <Fact label="Dernier coût annuel simulé (HT)">
              {a.simulations[0]?.totalAnnuelHt != null ? formatCurrency(a.simulations[0].totalAnnuelHt) : 'Inconnu'}
            </Fact>
          </dl>
        </Card>
        <Card className="p-4">
          <dl>
            <Fact label="Économie trouvée par l’optimiseur">
              {a.optimisationSavings === null ? 'Inconnue' : `${formatCurrency(a.optimisationSavings)} / an`}
            </Fact>
          </dl>
        </Card>
        <Card className="p-4">
          <dl>
            <Fact label="Montant récupérable (audits)">
              {a.recoverable === null ? 'Inconnu' : formatCurrency(a.recoverable)}
            </Fact>
          </dl>
        </Card>
      </section>

      <Section title="Consommation">
        {a.consumption ? (
          <ConsumptionChart datasetId={a.consumption.datasetId} />
        ) : (
          <p className="text-sm text-muted-foreground">
            Aucun relevé de consommation pour ce PCE. Importez un fichier de relevés depuis la page{' '}
            <Link to={paths.privateEnergyPage.getHref('gas', 'optimisation')} className={linkStyle}>
              Optimisation
            </Link>{' '}
            ou signez un mandat pour les obtenir.
          </p>
        )}
      </Section>

      <Section title="Simulations">
        {a.simulations.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Aucune simulation enregistrée pour ce site.
            {canWrite ? (
              <>
                {' '}
                <Link to={simulateFromSiteHref(site.id)} className={linkStyle}>
                  Simuler ce site
                </Link>
              </>
            ) : null}
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Simulations du site">
            {a.simulations.map((simulation) => (
              <li key={simulation.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {formatDateTime(simulation.createdAt)} · {simulation.pointDeReseau} {simulation.code ?? ''} ·{' '}
                  {simulation.tarif ?? '—'} ·{' '}
                  <strong>
                    {simulation.totalAnnuelHt === null
                      ? 'total inconnu'
                      : `${formatCurrency(simulation.totalAnnuelHt)} HT/an`}
                  </strong>
                </span>
                <Link
                  to={`${paths.history.getHref()}?simulation=${encodeURIComponent(simulation.id)}`}
                  className={linkStyle}
                >
                  Rouvrir la simulation
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Optimisations">
        {a.optimisations.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Aucune optimisation enregistrée pour ce site.
            {canWrite ? (
              <>
                {' '}
                <Link to={optimiseFromSiteHref(site.id)} className={linkStyle}>
                  Optimiser la CJA de ce site
                </Link>
              </>
            ) : null}
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Optimisations du site">
            {a.optimisations.map((optimisation) => (
              <li key={optimisation.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {formatDateTime(optimisation.createdAt)} · CJA {formatCja(optimisation.cjaActuelle)} →{' '}
                  {formatCja(optimisation.cjaOptimisee)} ·{' '}
                  <strong>
                    {formatCurrency(optimisation.economieAnnuelle)}/an (
                    {formatPercent(optimisation.pourcentageEconomie)})
                  </strong>
                </span>
                <Link
                  to={`${paths.history.getHref()}?optimisation=${encodeURIComponent(optimisation.id)}`}
                  className={linkStyle}
                >
                  Rouvrir l’optimisation
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Audits de factures">
        {a.audits.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Aucun audit de facture pour ce PCE.{' '}
            <Link to={paths.privateEnergyPage.getHref('gas', 'audit')} className={linkStyle}>
              Auditer une facture
            </Link>
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Audits du site">
            {a.audits.map((audit) => (
              <li key={audit.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {formatDateTime(audit.createdAt)} · {audit.fileName} ·{' '}
                  {auditStatusLabels[audit.status] ?? audit.status}
                  {audit.anomalies !== null ? ` · ${audit.anomalies} anomalie${audit.anomalies > 1 ? 's' : ''}` : ''}
                  {audit.recoverable !== null ? ` · ${formatCurrency(audit.recoverable)} récupérables` : ''}
                </span>
                <Link
                  to={`${paths.privateEnergyPage.getHref('gas', 'audit')}?audit=${encodeURIComponent(audit.id)}`}
                  className={linkStyle}
                >
                  Voir l’audit
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Mandats">
        {a.mandates.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Aucun mandat pour ce PCE.{' '}
            <Link to={paths.accountMandates.getHref()} className={linkStyle}>
              Créer un mandat
            </Link>
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Mandats du site">
            {a.mandates.map((mandate) => (
              <li key={mandate.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {mandateStatusLabels[mandate.status as MandateStatus] ?? mandate.status}
                  {mandate.expiryDate ? ` · valable jusqu’au ${formatDate(mandate.expiryDate, 'long')}` : ''}
                </span>
                <Link to={paths.accountMandates.getHref()} className={linkStyle}>
                  Voir les mandats
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}

/** `/private/sites/:id` (issue #24 §2): the site's data, consumption, results, audits and mandates. */
export function SitePage({ id }: { id: string }) {
  const site = useSite(id);
  const organisation = useActiveOrganisation();
  const role = organisation.data?.role;
  const canWrite = role ? mayActOnObject(role, 'edit') : false;
  if (site.isPending) {
    return <LoadingState label="Chargement du site…" />;
  }
  if (site.isError) {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="error">{site.error.message}</Alert>
        <Link to={paths.sites.getHref()} className={linkStyle}>
          Retour aux sites
        </Link>
      </div>
    );
  }
  const data = site.data;
  return (
    <div className="flex w-full max-w-6xl min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link to={paths.sites.getHref()} className="text-sm text-primary underline-offset-4 hover:underline">
            Retour aux sites
          </Link>
          <h1 className="mt-2 text-2xl font-bold tracking-tight wrap-anywhere text-foreground">{data.name}</h1>
        </div>
        {canWrite ? (
          <div className="flex flex-wrap gap-2">
            <Link to={simulateFromSiteHref(data.id)} className={buttonStyles()}>
              <Calculator aria-hidden="true" className="size-4" />
              Simuler ce site
            </Link>
            <Link to={optimiseFromSiteHref(data.id)} className={buttonStyles({ variant: 'outline' })}>
              <Gauge aria-hidden="true" className="size-4" />
              Optimiser la CJA
            </Link>
            <Link to={paths.siteEdit.getHref(data.id)} className={buttonStyles({ variant: 'outline' })}>
              <Pencil aria-hidden="true" className="size-4" />
              Modifier
            </Link>
            {role && mayActOnObject(role, 'delete', true) ? <DeleteSiteButton site={data} /> : null}
          </div>
        ) : null}
      </div>
      <Card>
        <SiteFacts site={data} />
      </Card>
      <SiteActivitySections site={data} canWrite={canWrite} />
    </div>
  );
}
