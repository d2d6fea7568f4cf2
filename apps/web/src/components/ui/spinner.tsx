import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** A busy state with its text (the text is what assistive technologies read). */
export function LoadingState({ label = 'Chargement…', className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center gap-3 text-muted-foreground', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      <span>{label}</span>
    </div>
  );
}
