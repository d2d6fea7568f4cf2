import {
  canTransitionMandate,
  MANDATE_MESSAGES,
  type Mandate,
  type MandateVerifyResponse,
  mandateEnergyTypeLabels,
} from '@pilote/contracts';
import { Download, Eye, Send, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { CreateSiteLink, siteDraftFromMandate } from '../../sites/index.ts';
import { useMandateDownload } from '../api/get-mandate-download.ts';
import { useSendMandate } from '../api/send-mandate.ts';
import { useVerifyMandate } from '../api/verify-mandate.ts';
import { MandateFacts } from './mandate-facts.tsx';
import { MandateOperatorData } from './mandate-operator-data.tsx';
import { MandateStatusBadge } from './mandate-status-badge.tsx';
import { RevokeMandateDialog } from './revoke-mandate-dialog.tsx';
import { VerifyFileCheck } from './verify-file-check.tsx';

/** "Expire dans 12 jours", "Expire aujourd'hui" (spec §9: an active mandate shows the days until expiry). */
export function expiryText(days: number): string {
  if (days <= 0) {
    return "Expire aujourd'hui";
  }
  return days === 1 ? 'Expire demain' : `Expire dans ${days} jours`;
}

/** Starts the browser's download of a same-origin link (the answer carries `Content-Disposition: attachment`). */
function startDownload(url: string, filename: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** One mandate: manager, status, number, address, dates, and the actions its status allows (spec §4). */
export function MandateCard({ mandate }: { mandate: Mandate }) {
  const send = useSendMandate();
  const download = useMandateDownload();
  const verify = useVerifyMandate();
  const [verification, setVerification] = useState<MandateVerifyResponse | null>(null);
  const hasPdf = mandate.signed_pdf_url !== null;

  function onView() {
    // Opened at the click (a window opened after an await is blocked as a pop-up), pointed at the link once known.
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

  function onDownload() {
    download.mutate(mandate.id, {
      onSuccess: ({ download_url, filename }) => {
        startDownload(download_url, filename);
        toast.success(MANDATE_MESSAGES.downloaded);
      },
      onError: (error) => toast.error(MANDATE_MESSAGES.downloadFailed, { description: error.message }),
    });
  }

  function onSend() {
    send.mutate(mandate.id, {
      onSuccess: () => toast.success(MANDATE_MESSAGES.sent),
      onError: (error) => toast.error(MANDATE_MESSAGES.sendFailed, { description: error.message }),
    });
  }

  function onVerify() {
    setVerification(null);
    verify.mutate(mandate.id, {
      onSuccess: setVerification,
      onError: (error) => toast.error(MANDATE_MESSAGES.pdfFailed, { description: error.message }),
    });
  }

  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-sm"
      data-testid="mandate-card"
      data-mandate-id={mandate.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-foreground">{mandate.manager_display}</p>
          <p className="text-xs text-muted-foreground">
            {mandateEnergyTypeLabels[mandate.energy_type]} ·{' '}
            {mandate.kind === 'signed' ? 'Signature électronique' : 'Formulaire classique'} · {mandate.duration_months}{' '}
            mois
          </p>
        </div>
        <MandateStatusBadge status={mandate.status} />
      </div>
      <MandateFacts mandate={mandate} formatWhen={formatDate}>
        {mandate.status === 'revoked' && mandate.revoked_at ? (
          <>
            <dt className="text-muted-foreground">Révoqué le</dt>
            <dd className="text-foreground" data-testid="revoked-at">
              {formatDate(mandate.revoked_at)}
            </dd>
          </>
        ) : null}
        {mandate.status === 'rejected' && mandate.rejected_at ? (
          <>
            <dt className="text-muted-foreground">Rejeté le</dt>
            <dd className="text-foreground">{formatDate(mandate.rejected_at)}</dd>
          </>
        ) : null}
        {/* A revoked or rejected mandate ends there: the end date it had would read as a validity still to come. */}
        {mandate.expiry_date && mandate.status !== 'revoked' && mandate.status !== 'rejected' ? (
          <>
            <dt className="text-muted-foreground">Expiration</dt>
            <dd className="text-foreground">
              {formatDate(mandate.expiry_date)}
              {mandate.status === 'active' && mandate.days_until_expiry !== null ? (
                <span className="ml-2 font-medium text-foreground" data-testid="days-until-expiry">
                  ({expiryText(mandate.days_until_expiry)})
                </span>
              ) : null}
            </dd>
          </>
        ) : null}
      </MandateFacts>
      <MandateOperatorData mandate={mandate} />
      {verification ? (
        <div className="flex flex-col gap-3 rounded-lg border border-border p-3" data-testid="seal-check">
          <Alert tone={verification.valid ? 'success' : 'error'}>
            <p>{verification.message}</p>
            {verification.sealed_at ? (
              <p className="text-xs text-muted-foreground">
                Scellé le {formatDate(verification.sealed_at, 'long')}
                {verification.sealed_by ? ` par ${verification.sealed_by}` : ''}
              </p>
            ) : null}
          </Alert>
          <VerifyFileCheck recordedSha256={verification.recorded_sha256} />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canTransitionMandate(mandate.status, 'sent') ? (
          <Button size="sm" onClick={onSend} disabled={send.isPending}>
            <Send aria-hidden="true" className="size-4" />
            {send.isPending ? 'Envoi…' : 'Envoyer au gestionnaire'}
          </Button>
        ) : null}
        {hasPdf ? (
          <>
            <Button size="sm" variant="outline" onClick={onView} disabled={download.isPending}>
              <Eye aria-hidden="true" className="size-4" />
              Voir
            </Button>
            <Button size="sm" variant="outline" onClick={onDownload} disabled={download.isPending}>
              <Download aria-hidden="true" className="size-4" />
              Télécharger
            </Button>
            <Button size="sm" variant="ghost" onClick={onVerify} disabled={verify.isPending}>
              <ShieldCheck aria-hidden="true" className="size-4" />
              Vérifier le sceau
            </Button>
          </>
        ) : null}
        {mandate.energy_type === 'gas' && mandate.delivery_point_number && !mandate.personal_data_purged ? (
          <CreateSiteLink draft={siteDraftFromMandate(mandate)} />
        ) : null}
        {canTransitionMandate(mandate.status, 'revoked') && mandate.delivery_point_number ? (
          <RevokeMandateDialog mandate={mandate} />
        ) : null}
      </div>
    </li>
  );
}
