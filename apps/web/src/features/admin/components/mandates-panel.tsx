import {
  MANDATE_LIMITS,
  MANDATE_MESSAGES,
  type MandateManager,
  type MandateStatus,
  mandateEnergyTypeLabels,
  mandateManagerLabels,
  mandateManagers,
  mandateStatuses,
  mandateStatusLabels,
  type StaffMandate,
  type StaffMandateListQuery,
} from '@pilote/contracts';
import { Check, FileText, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/input.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { LoadingState } from '../../../components/ui/spinner.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useForbiddenError } from '../../../lib/use-forbidden-error.ts';
import { MandateFacts, MandateStatusBadge } from '../../mandates/index.ts';
import { useActivateMandate } from '../api/activate-mandate.ts';
import { useStaffMandateDownload } from '../api/get-staff-mandate-download.ts';
import { STAFF_MANDATES_PAGE_SIZE, useStaffMandates } from '../api/get-staff-mandates.ts';
import { useRejectMandate } from '../api/reject-mandate.ts';

export const STAFF_MANDATE_TOASTS = {
  activated: 'Mandat activé : le client est prévenu par e-mail.',
  rejected: 'Mandat rejeté : le client est prévenu par e-mail avec le motif.',
  actionFailed: 'Action impossible sur ce mandat',
} as const;

type StatusFilter = MandateStatus | 'all';

function RejectDialog({ mandate }: { mandate: StaffMandate }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reject = useRejectMandate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = reason.trim();
    if (text === '') {
      setError(MANDATE_MESSAGES.rejectionReason);
      return;
    }
    if (text.length > MANDATE_LIMITS.rejectionReasonMaxLength) {
      setError(MANDATE_MESSAGES.rejectionReasonTooLong);
      return;
    }
    // mutateAsync: the rejected mandate leaves the queue (this dialog unmounts) when the list is refetched, and
    // TanStack Query drops the callbacks of an unmounted observer.
    reject.mutateAsync({ id: mandate.id, reason: text }).then(
      () => {
        toast.success(STAFF_MANDATE_TOASTS.rejected);
        setOpen(false);
        setReason('');
      },
      (failure: Error) => toast.error(STAFF_MANDATE_TOASTS.actionFailed, { description: failure.message }),
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" className="text-danger">
          <X aria-hidden="true" className="size-4" />
          Rejeter
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Rejeter le mandat"
        description={`Le client (${mandate.customer.email}) reçoit le motif par e-mail.`}
      >
        <form noValidate className="mt-4 flex flex-col gap-4" onSubmit={onSubmit}>
          <FormField label="Motif du rejet" error={error}>
            {(control) => (
              <textarea
                {...control}
                rows={4}
                maxLength={MANDATE_LIMITS.rejectionReasonMaxLength}
                className="w-full rounded-md border border-border-strong bg-background px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-danger"
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
          <div className="flex justify-end gap-3">
            <DialogClose asChild>
              <Button variant="ghost">Annuler</Button>
            </DialogClose>
            <Button type="submit" disabled={reject.isPending}>
              {reject.isPending ? 'Rejet…' : 'Rejeter le mandat'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function StaffMandateItem({ mandate }: { mandate: StaffMandate }) {
  const activate = useActivateMandate();
  const download = useStaffMandateDownload();

  function onOpenPdf() {
    const viewer = window.open('about:blank', '_blank');
    download.mutate(mandate.id, {
      onSuccess: ({ view_url }) => {
        if (viewer) {
          viewer.opener = null;
          viewer.location.href = view_url;
        } else {
          window.location.assign(view_url);
        }
      },
      onError: (error) => {
        viewer?.close();
        toast.error(MANDATE_MESSAGES.pdfFailed, { description: error.message });
      },
    });
  }

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4" data-testid="staff-mandate">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-foreground">
            {mandate.manager_display}{' '}
            <span className="font-normal text-muted-foreground">· {mandateEnergyTypeLabels[mandate.energy_type]}</span>
          </p>
          <p className="break-all text-sm text-muted-foreground">
            {mandate.customer.name ? `${mandate.customer.name} · ` : ''}
            {mandate.customer.email}
          </p>
        </div>
        <MandateStatusBadge status={mandate.status} />
      </div>
      <MandateFacts mandate={mandate} formatWhen={formatDateTime}>
        <dt className="text-muted-foreground">Durée</dt>
        <dd className="text-foreground">
          {mandate.duration_months} mois{mandate.expiry_date ? ` (jusqu’au ${formatDate(mandate.expiry_date)})` : ''}
        </dd>
      </MandateFacts>
      <div className="flex flex-wrap gap-2">
        {mandate.has_pdf ? (
          <Button size="sm" variant="outline" onClick={onOpenPdf} disabled={download.isPending}>
            <FileText aria-hidden="true" className="size-4" />
            Voir le PDF
          </Button>
        ) : null}
        {mandate.status === 'sent' ? (
          <>
            <Button
              size="sm"
              disabled={activate.isPending}
              onClick={() => {
                // mutateAsync: the activated mandate leaves the queue (this item unmounts) on the refetch.
                activate.mutateAsync(mandate.id).then(
                  () => toast.success(STAFF_MANDATE_TOASTS.activated),
                  (error: Error) => toast.error(STAFF_MANDATE_TOASTS.actionFailed, { description: error.message }),
                );
              }}
            >
              <Check aria-hidden="true" className="size-4" />
              Activer
            </Button>
            <RejectDialog mandate={mandate} />
          </>
        ) : null}
      </div>
    </li>
  );
}

/**
 * Admin panel « Mandats » (issue #13): the queue of sent mandates by default, filters by status and manager, counts
 * per status; staff open the sealed PDF and mark a sent mandate active or rejected (with a reason mailed to the
 * customer). The API gives staff no signature image.
 */
export function MandatesPanel({ onForbidden }: { onForbidden: (error: Error) => void }) {
  const [status, setStatus] = useState<StatusFilter>('sent');
  const [manager, setManager] = useState<MandateManager | ''>('');
  const [page, setPage] = useState(1);
  const query: StaffMandateListQuery = {
    status,
    manager: manager || undefined,
    page,
    pageSize: STAFF_MANDATES_PAGE_SIZE,
  };
  const mandates = useStaffMandates(query);
  const headingId = useId();
  const forbidden = useForbiddenError(mandates.error, onForbidden);
  const counts = mandates.data?.counts;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4" data-testid="admin-mandates">
      <h2 id={headingId} className="text-xl font-semibold text-foreground">
        Mandats
      </h2>
      {counts ? (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label="Nombre de mandats par statut">
          {mandateStatuses.map((value) => (
            <li key={value} className="rounded-full border border-border px-3 py-1 text-muted-foreground">
              {mandateStatusLabels[value]} : <span className="font-semibold text-foreground">{counts[value]}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Statut">
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as StatusFilter);
                setPage(1);
              }}
            >
              <option value="all">Tous les statuts</option>
              {mandateStatuses.map((value) => (
                <option key={value} value={value}>
                  {mandateStatusLabels[value]}
                  {counts ? ` (${counts[value]})` : ''}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Gestionnaire">
          {(control) => (
            <Select
              {...control}
              value={manager}
              onChange={(event) => {
                setManager(event.target.value as MandateManager | '');
                setPage(1);
              }}
            >
              <option value="">Tous les gestionnaires</option>
              {mandateManagers.map((value) => (
                <option key={value} value={value}>
                  {mandateManagerLabels[value]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>
      {mandates.isPending ? <LoadingState /> : null}
      {mandates.error && !forbidden ? (
        <Alert tone="error">Impossible de charger les mandats : {mandates.error.message}</Alert>
      ) : null}
      {mandates.data ? (
        <>
          {mandates.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Aucun mandat pour ces filtres.</p>
          ) : (
            <ul className="flex flex-col gap-3" data-testid="admin-mandates-list">
              {mandates.data.items.map((mandate) => (
                <StaffMandateItem key={mandate.id} mandate={mandate} />
              ))}
            </ul>
          )}
          <Pager label="Pages des mandats" of={mandates.data} onChange={setPage} />
        </>
      ) : null}
    </section>
  );
}
