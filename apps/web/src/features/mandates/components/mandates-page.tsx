import { MANDATE_LABELS, MANDATE_MESSAGES, type Mandate } from '@pilote/contracts';
import { Flame, Plus, Zap } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { ReadOnlyNotice, useObjectPermissions } from '../../organisations/index.ts';
import { ACTIVE_MANDATES, HISTORY_PAGE_SIZE, useMandates } from '../api/get-mandates.ts';
import { CreateMandatePanel } from './create-mandate-panel.tsx';
import { MandateFaq } from './mandate-faq.tsx';
import { MandateGroup } from './mandate-group.tsx';

function MandateSkeletons() {
  return (
    <div
      role="status"
      aria-label="Chargement des mandats"
      className="flex flex-col gap-3"
      data-testid="mandates-skeleton"
    >
      {[0, 1, 2].map((index) => (
        <div key={index} className="h-24 animate-pulse rounded-xl bg-muted motion-reduce:animate-none" />
      ))}
    </div>
  );
}

/**
 * `/private/account/mandats` (spec §2.7): intro, error banner, skeletons, the active mandates grouped by energy
 * under 'Mandats' with their count, the empty state, the creation panel (simple form or wizard), the history of
 * revoked, expired and rejected mandates, and the FAQ.
 */
export function MandatesPage() {
  const [formOpen, setFormOpen] = useState(false);
  const [historyPage, setHistoryPage] = useState(1);
  const active = useMandates(ACTIVE_MANDATES);
  const history = useMandates({ isActive: false, page: historyPage, pageSize: HISTORY_PAGE_SIZE });
  const listHeadingId = useId();
  const historyHeadingId = useId();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  // A viewer of the active organisation reads the mandates but may not create one (ADR 0066).
  const { canCreate } = useObjectPermissions();

  const activeItems = active.data?.items ?? [];
  const electricity = activeItems.filter((mandate) => mandate.energy_type === 'electricity');
  const gas = activeItems.filter((mandate) => mandate.energy_type === 'gas');
  const historyItems = history.data?.items ?? [];
  const revokedOrExpired = historyItems.filter((m) => m.status === 'revoked' || m.status === 'expired');
  const rejected = historyItems.filter((m) => m.status === 'rejected');
  const loadError = active.error ?? history.error;

  function onCreated(_mandate: Mandate) {
    setFormOpen(false);
  }

  return (
    <div className="flex max-w-4xl flex-col gap-8">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-foreground">{MANDATE_LABELS.title}</h1>
        <p className="text-sm leading-6 text-muted-foreground">
          Pour analyser vos consommations et vérifier vos factures, nous avons besoin de vos données de comptage. Les
          gestionnaires de réseau ne les transmettent qu’avec votre autorisation : un mandat par point de livraison (PDL
          pour l’électricité, PCE pour le gaz). Vous choisissez les données partagées et pouvez révoquer le mandat à
          tout moment.
        </p>
      </header>

      {loadError ? (
        <Alert tone="error">
          <p className="font-medium">{MANDATE_MESSAGES.loadFailed}</p>
          <p className="text-muted-foreground">{loadError.message}</p>
        </Alert>
      ) : null}

      <section aria-labelledby={listHeadingId} className="flex flex-col gap-4">
        <h2 id={listHeadingId} className="flex items-center gap-2 text-xl font-semibold text-foreground">
          {MANDATE_LABELS.listTitle}
          {active.data ? (
            <span
              className="rounded-full bg-muted px-2.5 py-0.5 text-sm font-medium text-muted-foreground"
              data-testid="active-count"
            >
              {active.data.counts.active}
            </span>
          ) : null}
        </h2>
        {active.isPending ? <MandateSkeletons /> : null}
        {active.data && activeItems.length > 0 ? (
          <div className="flex flex-col gap-3">
            <MandateGroup
              title="Électricité"
              icon={<Zap aria-hidden="true" className="size-5 text-elec" />}
              mandates={electricity}
              testId="group-electricity"
            />
            <MandateGroup
              title="Gaz"
              icon={<Flame aria-hidden="true" className="size-5 text-gas" />}
              mandates={gas}
              testId="group-gas"
            />
          </div>
        ) : null}
        {active.data && activeItems.length === 0 && !formOpen ? (
          <Card className="flex flex-col items-center gap-4 text-center" data-testid="mandates-empty">
            <p className="text-lg font-medium text-foreground">{MANDATE_LABELS.empty}</p>
            <p className="text-sm text-muted-foreground">
              Créez un mandat pour que votre gestionnaire de réseau nous transmette vos données.
            </p>
            {canCreate ? (
              <Button size="lg" onClick={() => setFormOpen(true)}>
                <Plus aria-hidden="true" className="size-4" />
                {MANDATE_LABELS.createFirst}
              </Button>
            ) : (
              <ReadOnlyNotice className="text-left" />
            )}
          </Card>
        ) : null}
        {active.data && activeItems.length > 0 && !formOpen && !canCreate ? <ReadOnlyNotice /> : null}
        {active.data && activeItems.length > 0 && !formOpen && canCreate ? (
          <button
            ref={addButtonRef}
            type="button"
            onClick={() => setFormOpen(true)}
            className="flex items-center justify-center gap-2 rounded-xl border-2 border-dashed border-border-strong px-4 py-4 font-medium text-muted-foreground transition-colors hover:border-primary hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <Plus aria-hidden="true" className="size-4" />
            {MANDATE_LABELS.addNew}
          </button>
        ) : null}
        {formOpen ? <CreateMandatePanel onCreated={onCreated} onCancel={() => setFormOpen(false)} /> : null}
      </section>

      <section aria-labelledby={historyHeadingId} className="flex flex-col gap-4">
        <h2 id={historyHeadingId} className="text-xl font-semibold text-foreground">
          {MANDATE_LABELS.history}
        </h2>
        {history.isPending ? <MandateSkeletons /> : null}
        {history.data ? (
          historyItems.length === 0 ? (
            <p className="text-sm text-muted-foreground">Aucun mandat révoqué, expiré ou rejeté.</p>
          ) : (
            <>
              <MandateGroup title="Révoqués ou expirés" mandates={revokedOrExpired} testId="group-revoked" />
              {rejected.length > 0 ? (
                <MandateGroup title="Rejetés" mandates={rejected} testId="group-rejected" />
              ) : null}
              {history.data.total > history.data.pageSize ? (
                <Pager label="Pages de l'historique" of={history.data} onChange={setHistoryPage} />
              ) : null}
            </>
          )
        ) : null}
      </section>

      <MandateFaq />
    </div>
  );
}
