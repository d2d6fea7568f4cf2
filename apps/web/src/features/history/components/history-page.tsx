import type {
  OptimisationHistoryItem,
  OptimisationRecalculation,
  RecalculationLine,
  SimulationHistoryItem,
  SimulationRecalculation,
} from '@pilote/contracts';
import { ArrowLeft, RefreshCw, Trash2 } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCja, formatCurrency, formatDateTime, formatPercent } from '../../../lib/format.ts';
import { StoredOptimisationView } from '../../optimisation/index.ts';
import { ReadOnlyNotice, useObjectPermissions } from '../../organisations/index.ts';
import { StoredSimulationView } from '../../simulator/index.ts';
import { useDeleteOptimisation } from '../api/delete-optimisation.ts';
import { useDeleteSimulation } from '../api/delete-simulation.ts';
import { useOptimisation } from '../api/get-optimisation.ts';
import { useOptimisationHistory } from '../api/get-optimisation-history.ts';
import { useSimulation } from '../api/get-simulation.ts';
import { HISTORY_PAGE_SIZE, useSimulationHistory } from '../api/get-simulation-history.ts';
import { useRecalculateOptimisation } from '../api/recalculate-optimisation.ts';
import { useRecalculateSimulation } from '../api/recalculate-simulation.ts';
import { formatMonthOf, signedEuros } from '../utils/history-format.ts';

type Tab = 'simulations' | 'optimisations';

const tabs: { id: Tab; label: string }[] = [
  { id: 'simulations', label: 'Simulations' },
  { id: 'optimisations', label: 'Optimisations' },
];

const simulatorHref = paths.privateEnergyPage.getHref('gas', 'simulator');
const optimisationHref = paths.privateEnergyPage.getHref('gas', 'optimisation');

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Une erreur est survenue';
}

/** « Historique » (issue #24 §3): past simulations and optimisations, reopened, recalculated, deleted. */
export function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('onglet') === 'optimisations' ? 'optimisations' : 'simulations';
  const opened = params.get('simulation');
  const openedOptimisation = params.get('optimisation');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ simulations: null, optimisations: null });
  const baseId = useId();

  const choose = (next: Tab) => {
    setParams(next === 'simulations' ? {} : { onglet: next });
    tabRefs.current[next]?.focus();
  };
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft' || event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      choose(
        event.key === 'Home'
          ? 'simulations'
          : event.key === 'End'
            ? 'optimisations'
            : tab === 'simulations'
              ? 'optimisations'
              : 'simulations',
      );
    }
  };

  if (opened) {
    return <OpenedSimulation id={opened} onBack={() => setParams({})} />;
  }
  if (openedOptimisation) {
    return <OpenedOptimisation id={openedOptimisation} onBack={() => setParams({ onglet: 'optimisations' })} />;
  }

  return (
    <div className="flex w-full max-w-6xl min-w-0 flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Historique</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Vos simulations et optimisations enregistrées, de la plus récente à la plus ancienne : rouvrez-les,
          recalculez-les avec les grilles du jour ou supprimez-les.
        </p>
      </div>
      <ReadOnlyNotice />
      <div role="tablist" aria-label="Type de résultat" className="flex gap-2 border-b border-border">
        {tabs.map((item) => (
          <button
            key={item.id}
            ref={(element) => {
              tabRefs.current[item.id] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${item.id}-tab`}
            aria-selected={tab === item.id}
            aria-controls={`${baseId}-${item.id}-panel`}
            tabIndex={tab === item.id ? 0 : -1}
            onClick={() => choose(item.id)}
            onKeyDown={onTabKey}
            className={
              tab === item.id
                ? '-mb-px border-b-2 border-primary px-3 py-2 text-sm font-semibold text-foreground'
                : '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground'
            }
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${tab}-panel`} aria-labelledby={`${baseId}-${tab}-tab`}>
        {tab === 'simulations' ? (
          <SimulationHistory onOpen={(id) => setParams({ simulation: id })} />
        ) : (
          <OptimisationHistory onOpen={(id) => setParams({ optimisation: id })} />
        )}
      </div>
    </div>
  );
}

function EmptyState({ children, href, action }: { children: ReactNode; href: string; action: string }) {
  return (
    <Card className="flex flex-col items-start gap-3" data-testid="history-empty">
      <p className="text-sm text-muted-foreground">{children}</p>
      <Link to={href} className={buttonStyles({ size: 'sm' })}>
        {action}
      </Link>
    </Card>
  );
}

function describeSimulation(item: SimulationHistoryItem): string {
  return [item.pointDeReseau, item.code, item.commune].filter(Boolean).join(' · ');
}

function SimulationHistory({ onOpen }: { onOpen: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const history = useSimulationHistory({ page, pageSize: HISTORY_PAGE_SIZE });
  const recalculate = useRecalculateSimulation();
  const [recalculation, setRecalculation] = useState<SimulationRecalculation | null>(null);
  // A viewer reads only (ADR 0066): no « Recalculer » (a new simulation) nor « Supprimer ».
  const { canCreate, canDelete } = useObjectPermissions();

  if (history.isPending) {
    return <LoadingState label="Chargement de l’historique…" />;
  }
  if (history.isError) {
    return <Alert tone="error">{errorText(history.error)}</Alert>;
  }
  const { data } = history;
  if (data.total === 0 && !recalculation) {
    return (
      <EmptyState href={simulatorHref} action="Lancer une simulation">
        Aucune simulation enregistrée. Lancez une simulation depuis le Simulateur : elle apparaîtra ici, et vous pourrez
        la rouvrir ou la recalculer avec les grilles du jour.
      </EmptyState>
    );
  }
  const runRecalculation = (id: string) =>
    recalculate.mutate(id, {
      onSuccess: (result) => {
        setRecalculation(result);
        setPage(1);
      },
      onError: (error) => toast.error(errorText(error)),
    });

  return (
    <div className="flex flex-col gap-4">
      {recalculation ? (
        <RecalculationCard
          lines={recalculation.lines}
          changed={recalculation.changed}
          onOpen={() => onOpen(recalculation.current.simulationId)}
          onClose={() => setRecalculation(null)}
        >
          Simulation du {formatDateTime(recalculation.previous.createdAt)} (
          {formatMonthOf(recalculation.previous.dateEffet)}) recalculée pour{' '}
          {formatMonthOf(recalculation.current.resultat.dateEffet)} : une nouvelle simulation, ajoutée à l’historique.
        </RecalculationCard>
      ) : null}
      <ul className="flex flex-col gap-3" aria-label="Simulations enregistrées">
        {data.items.map((item) => (
          <li key={item.id}>
            <Card
              className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="history-simulation"
            >
              <div className="min-w-0">
                <p className="font-semibold wrap-anywhere text-foreground">{describeSimulation(item)}</p>
                <p className="text-sm text-muted-foreground">
                  {[item.gestionnaire, item.tarif ? `Option ${item.tarif}` : null, formatMonthOf(item.dateEffet)]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="text-sm text-muted-foreground">Calculée le {formatDateTime(item.createdAt)}</p>
              </div>
              <div className="flex flex-col gap-2 sm:items-end">
                <p className="text-lg font-semibold text-foreground tabular-nums">
                  {item.totalAnnuelHt === null ? '—' : `${formatCurrency(item.totalAnnuelHt)} HT/an`}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    onClick={() => onOpen(item.id)}
                    aria-label={`Rouvrir la simulation ${describeSimulation(item)}`}
                  >
                    Rouvrir
                  </Button>
                  {canCreate ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={recalculate.isPending}
                      onClick={() => runRecalculation(item.id)}
                      aria-label={`Recalculer la simulation ${describeSimulation(item)}`}
                    >
                      <RefreshCw aria-hidden="true" className="size-4" />
                      Recalculer
                    </Button>
                  ) : null}
                  {canDelete ? (
                    <DeleteButton
                      kind="simulation"
                      name={describeSimulation(item)}
                      id={item.id}
                      onDeleted={() => {
                        if (recalculation?.current.simulationId === item.id) {
                          setRecalculation(null);
                        }
                      }}
                    />
                  ) : null}
                </div>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <Pager label="Pages des simulations" of={data} onChange={setPage} />
    </div>
  );
}

function amount(value: number | null, unit: RecalculationLine['unit']): string {
  return value === null ? '—' : `${formatCurrency(value)}${unit === '€/MWh' ? '/MWh' : ''}`;
}

/** A recalculation's difference, line by line (a simulation's or an optimisation's; `children` says what it was). */
function RecalculationCard({
  lines,
  changed: anyChange,
  onOpen,
  onClose,
  children,
}: {
  lines: RecalculationLine[];
  changed: boolean;
  onOpen: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const changed = lines.filter((line) => line.id !== 'total' && line.difference !== 0);
  return (
    <Card className="flex flex-col gap-4" data-testid="history-recalculation">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id={titleId} tabIndex={-1}>
            Recalcul avec les grilles du jour
          </CardTitle>
          <p className="mt-1 text-sm text-muted-foreground">
            {children}{' '}
            {anyChange
              ? `${changed.length} ligne${changed.length > 1 ? 's changent' : ' change'}.`
              : 'Aucun montant ne change.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onOpen}>
            Voir le nouveau résultat
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose}>
            Fermer
          </Button>
        </div>
      </div>
      {/* On a phone, one block per line (the four columns would not fit); the table from `sm` up. */}
      <ul className="flex flex-col divide-y divide-border text-sm sm:hidden" aria-labelledby={titleId}>
        {lines.map((line) => (
          <li key={line.id} className="flex flex-col gap-1 py-2" data-testid={`recalculation-item-${line.id}`}>
            <p className={line.id === 'total' ? 'font-semibold text-foreground' : 'text-foreground'}>{line.label}</p>
            <dl className="grid grid-cols-3 gap-2 tabular-nums">
              <div>
                <dt className="text-xs text-muted-foreground">Avant</dt>
                <dd className="whitespace-nowrap text-foreground">{amount(line.ancien, line.unit)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Maintenant</dt>
                <dd className="whitespace-nowrap text-foreground">{amount(line.nouveau, line.unit)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Écart</dt>
                <dd
                  className={
                    line.difference === 0
                      ? 'whitespace-nowrap text-muted-foreground'
                      : 'font-semibold whitespace-nowrap text-foreground'
                  }
                >
                  {signedEuros(line.difference)}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      <ScrollRegion aria-labelledby={titleId} className="hidden sm:block">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">Écart ligne par ligne, en euros hors TVA</caption>
          <thead>
            <tr className="border-b border-border text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-3 font-medium">
                Ligne
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Avant
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Maintenant
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Écart
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr
                key={line.id}
                data-testid={`recalculation-line-${line.id}`}
                className={
                  line.id === 'total'
                    ? 'border-t-2 border-border font-semibold text-foreground'
                    : 'border-b border-border text-foreground'
                }
              >
                <th scope="row" className="py-2 pr-3 text-left font-normal wrap-anywhere">
                  {line.id === 'total' ? <strong>{line.label}</strong> : line.label}
                </th>
                <td className="py-2 pr-3 text-right tabular-nums whitespace-nowrap">
                  {amount(line.ancien, line.unit)}
                </td>
                <td className="py-2 pr-3 text-right tabular-nums whitespace-nowrap">
                  {amount(line.nouveau, line.unit)}
                </td>
                <td
                  className={
                    line.difference === 0
                      ? 'py-2 text-right tabular-nums whitespace-nowrap text-muted-foreground'
                      : 'py-2 text-right font-semibold tabular-nums whitespace-nowrap'
                  }
                >
                  {signedEuros(line.difference)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Card>
  );
}

function DeleteButton({
  kind,
  name,
  id,
  onDeleted,
}: {
  kind: 'simulation' | 'optimisation';
  name: string;
  id: string;
  onDeleted?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const deleteSimulation = useDeleteSimulation();
  const deleteOptimisation = useDeleteOptimisation();
  const mutation = kind === 'simulation' ? deleteSimulation : deleteOptimisation;
  const confirm = () =>
    mutation.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        toast.success(kind === 'simulation' ? 'Simulation supprimée' : 'Optimisation supprimée');
        onDeleted?.();
      },
      onError: (error) => toast.error(errorText(error)),
    });
  const label = kind === 'simulation' ? 'cette simulation' : 'cette optimisation';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-label={`Supprimer ${label} (${name})`}>
        <Trash2 aria-hidden="true" className="size-4" />
        Supprimer
      </Button>
      <DialogContent
        title={`Supprimer ${label} ?`}
        description={`${name}. Elle disparaîtra de l’historique ; cette action est définitive.`}
      >
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Annuler</Button>
          </DialogClose>
          <Button onClick={confirm} disabled={mutation.isPending}>
            Supprimer
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function OpenedSimulation({ id, onBack }: { id: string; onBack: () => void }) {
  const detail = useSimulation(id);
  const navigate = useNavigate();
  return (
    <div className="flex w-full max-w-6xl min-w-0 flex-col gap-6">
      <div className="flex flex-col items-start gap-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Retour à l’historique
        </Button>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Simulation enregistrée</h1>
        {detail.data ? (
          <p className="text-sm text-muted-foreground">Calculée le {formatDateTime(detail.data.createdAt)}</p>
        ) : null}
      </div>
      {detail.isPending ? <LoadingState label="Chargement de la simulation…" /> : null}
      {detail.isError ? <Alert tone="error">{errorText(detail.error)}</Alert> : null}
      {detail.data ? <StoredSimulationView detail={detail.data} onEdit={() => navigate(simulatorHref)} /> : null}
    </div>
  );
}

function OptimisationHistory({ onOpen }: { onOpen: (id: string) => void }) {
  const [page, setPage] = useState(1);
  const history = useOptimisationHistory({ page, pageSize: HISTORY_PAGE_SIZE });
  const recalculate = useRecalculateOptimisation();
  const [recalculation, setRecalculation] = useState<OptimisationRecalculation | null>(null);
  if (history.isPending) {
    return <LoadingState label="Chargement de l’historique…" />;
  }
  if (history.isError) {
    return <Alert tone="error">{errorText(history.error)}</Alert>;
  }
  const { data } = history;
  if (data.total === 0 && !recalculation) {
    return (
      <EmptyState href={optimisationHref} action="Lancer une optimisation">
        Aucune optimisation enregistrée. Lancez une optimisation de la CJA depuis la page Optimisation : elle apparaîtra
        ici, et vous pourrez la rouvrir ou la recalculer avec les grilles du jour.
      </EmptyState>
    );
  }
  const runRecalculation = (id: string) =>
    recalculate.mutate(id, {
      onSuccess: (result) => {
        setRecalculation(result);
        setPage(1);
      },
      onError: (error) => toast.error(errorText(error)),
    });
  return (
    <div className="flex flex-col gap-4">
      {recalculation ? (
        <RecalculationCard
          lines={recalculation.lines}
          changed={recalculation.changed}
          onOpen={() => onOpen(recalculation.current.optimisationId)}
          onClose={() => setRecalculation(null)}
        >
          Optimisation du {formatDateTime(recalculation.previous.createdAt)} (
          {formatMonthOf(recalculation.previous.dateEffet)}) recalculée pour{' '}
          {formatMonthOf(recalculation.current.dateEffet)} : une nouvelle optimisation, ajoutée à l’historique. CJA
          recommandée : {formatCja(recalculation.previous.cjaOptimisee)} →{' '}
          {formatCja(recalculation.current.cjaOptimisee)} MWh/j.
        </RecalculationCard>
      ) : null}
      <ul className="flex flex-col gap-3" aria-label="Optimisations enregistrées">
        {data.items.map((item) => (
          <li key={item.id}>
            <OptimisationCard
              item={item}
              recalculating={recalculate.isPending}
              onOpen={() => onOpen(item.id)}
              onRecalculate={() => runRecalculation(item.id)}
              onDeleted={() => {
                if (recalculation?.current.optimisationId === item.id) {
                  setRecalculation(null);
                }
              }}
            />
          </li>
        ))}
      </ul>
      <Pager label="Pages des optimisations" of={data} onChange={setPage} />
    </div>
  );
}

const DETAIL_NOT_KEPT =
  'Détail non conservé : cette optimisation a été enregistrée avant que l’historique garde la série journalière et le détail des coûts ; seuls la CJA recommandée, l’économie et les coûts sont gardés. Relancez-la depuis la page Optimisation pour la rouvrir.';

function OptimisationCard({
  item,
  recalculating,
  onOpen,
  onRecalculate,
  onDeleted,
}: {
  item: OptimisationHistoryItem;
  recalculating: boolean;
  onOpen: () => void;
  onRecalculate: () => void;
  onDeleted: () => void;
}) {
  const name = `${item.code} · ${item.commune}`;
  const { canCreate, canDelete } = useObjectPermissions();
  return (
    <Card className="flex flex-col gap-3" data-testid="history-optimisation">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold wrap-anywhere text-foreground">{name}</p>
          <p className="text-sm text-muted-foreground">
            {[item.tso, `Option ${item.tarif}`, formatMonthOf(item.dateEffet)].join(' · ')}
          </p>
          <p className="text-sm text-muted-foreground">Calculée le {formatDateTime(item.createdAt)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {item.detailKept ? (
            <>
              <Button size="sm" onClick={onOpen} aria-label={`Rouvrir l’optimisation ${name}`}>
                Rouvrir
              </Button>
              {canCreate ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={recalculating}
                  onClick={onRecalculate}
                  aria-label={`Recalculer l’optimisation ${name}`}
                >
                  <RefreshCw aria-hidden="true" className="size-4" />
                  Recalculer
                </Button>
              ) : null}
            </>
          ) : null}
          {canDelete ? <DeleteButton kind="optimisation" name={name} id={item.id} onDeleted={onDeleted} /> : null}
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">CJA recommandée</dt>
          <dd className="text-lg font-semibold text-foreground tabular-nums">{formatCja(item.cjaOptimisee)} MWh/j</dd>
          <dd className="text-muted-foreground">actuelle : {formatCja(item.cjaActuelle)} MWh/j</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Économie</dt>
          <dd className="text-lg font-semibold text-foreground tabular-nums">
            {formatCurrency(item.economieAnnuelle)}/an
          </dd>
          <dd className="text-muted-foreground">{formatPercent(item.pourcentageEconomie)} du coût actuel</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Coût annuel</dt>
          <dd className="text-foreground tabular-nums">avant : {formatCurrency(item.coutAvant)}</dd>
          <dd className="text-foreground tabular-nums">après : {formatCurrency(item.coutApres)}</dd>
        </div>
      </dl>
      {item.detailKept ? null : (
        <p className="text-xs text-muted-foreground" data-testid="history-optimisation-summary-only">
          {DETAIL_NOT_KEPT}
        </p>
      )}
      {item.seriesEstimated || item.hasEstimates ? (
        <p className="text-xs text-muted-foreground">
          {item.seriesEstimated ? 'Consommation estimée (année type) : CJA indicative.' : 'Résultat avec estimations.'}
        </p>
      ) : null}
    </Card>
  );
}

function OpenedOptimisation({ id, onBack }: { id: string; onBack: () => void }) {
  const detail = useOptimisation(id);
  const navigate = useNavigate();
  const data = detail.data;
  return (
    <div className="flex w-full max-w-[1400px] min-w-0 flex-col gap-6">
      <div className="flex flex-col items-start gap-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Retour à l’historique
        </Button>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Optimisation enregistrée</h1>
        {data ? (
          <p className="text-sm text-muted-foreground">
            {[`${data.code} · ${data.commune}`, data.tso, `Option ${data.tarif}`, formatMonthOf(data.dateEffet)].join(
              ' · ',
            )}{' '}
            — calculée le {formatDateTime(data.createdAt)}
          </p>
        ) : null}
      </div>
      {detail.isPending ? <LoadingState label="Chargement de l’optimisation…" /> : null}
      {detail.isError ? <Alert tone="error">{errorText(detail.error)}</Alert> : null}
      {data?.result ? <StoredOptimisationView result={data.result} /> : null}
      {data && !data.result ? (
        <>
          <Alert tone="info">{DETAIL_NOT_KEPT}</Alert>
          <OptimisationCard
            item={data}
            recalculating={false}
            onOpen={() => {}}
            onRecalculate={() => {}}
            onDeleted={onBack}
          />
        </>
      ) : null}
      {data ? (
        <div>
          <Button variant="outline" onClick={() => navigate(optimisationHref)}>
            Nouvelle optimisation
          </Button>
        </div>
      ) : null}
    </div>
  );
}
