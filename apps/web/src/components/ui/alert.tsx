import { CircleCheck, CircleExclamationPoint, Info } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export type AlertTone = 'info' | 'success' | 'error';

const tones: Record<AlertTone, string> = {
  info: 'border-border-strong/40 bg-muted text-foreground',
  success: 'border-success/40 bg-success-soft text-foreground',
  error: 'border-danger/40 bg-danger-soft text-foreground',
};

const icons = { info: Info, success: CircleCheck, error: CircleExclamationPoint };

/**
 * A message box. Errors are `role="alert"` (read at once); other tones are `role="status"` (read politely).
 * Render it only when there is something to say, so the live region announces the text.
 */
export function Alert({ tone = 'info', className, children, ...props }: ComponentProps<'div'> & { tone?: AlertTone }) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-lg border px-4 py-3 text-sm leading-6', tones[tone], className)}
      {...props}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'mt-0.5 size-4 shrink-0',
          tone === 'error' ? 'text-danger' : tone === 'success' ? 'text-success' : 'text-muted-foreground',
        )}
      />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
