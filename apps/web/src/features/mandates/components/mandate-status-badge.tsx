import { type MandateStatus, mandateStatusLabels } from '@pilote/contracts';
import { cn } from '../../../lib/cn.ts';

const tones: Record<MandateStatus, string> = {
  pending: 'border-border-strong/50 bg-muted text-foreground',
  sent: 'border-primary/40 bg-accent text-accent-foreground',
  active: 'border-success/50 bg-success-soft text-success',
  expired: 'border-border-strong/50 bg-muted text-muted-foreground',
  revoked: 'border-danger/40 bg-danger-soft text-danger',
  rejected: 'border-danger/40 bg-danger-soft text-danger',
};

/** The status in French (spec §4: En attente, Envoyé, Actif, Expiré, Révoqué, Rejeté). */
export function MandateStatusBadge({ status }: { status: MandateStatus }) {
  return (
    <span
      data-status={status}
      className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', tones[status])}
    >
      {mandateStatusLabels[status]}
    </span>
  );
}
