import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export type MeterTone = 'info' | 'warning' | 'danger';

const tones: Record<MeterTone, string> = {
  info: 'bg-info',
  warning: 'bg-warning',
  danger: 'bg-danger',
};

type MeterProps = Omit<ComponentProps<'meter'>, 'children' | 'value' | 'min' | 'max'> & {
  /** Percentage shown by the bar; drawn between 0 and 100 whatever the value. */
  value: number;
  tone?: MeterTone;
};

/**
 * A horizontal gauge: a native `<meter>` (0–100) for assistive technologies, named by the caller with
 * `aria-labelledby` or `aria-label`, and a drawn track with a coloured fill for the eye (the native element cannot
 * take the spec's colours in every browser). The colour never carries the meaning alone: the caller writes the
 * values beside it.
 */
export function Meter({ value, tone = 'info', className, ...props }: MeterProps) {
  const shown = Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
  return (
    <div className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-muted', className)}>
      <meter className="sr-only" min={0} max={100} value={shown} {...props} />
      <div
        aria-hidden="true"
        data-tone={tone}
        className={cn('h-full rounded-full transition-[width] motion-reduce:transition-none', tones[tone])}
        style={{ width: `${shown}%` }}
      />
    </div>
  );
}
