import { cn } from '../../lib/cn.ts';

/** Logo: a flame in a rounded square, and the product name. Decorative (the surrounding link carries the name). */
export function BrandMark({ withName = true, nameClassName }: { withName?: boolean; nameClassName?: string }) {
  return (
    <span className="inline-flex items-center gap-2" aria-hidden="true">
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" focusable="false" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-primary" />
        <path
          d="M16.6 5.5c.7 3.6-1.4 5.6-3.3 7.6-1.9 2-3.5 3.9-3.5 6.9a6.2 6.2 0 0 0 12.4 0c0-2.5-1.1-4.2-2.3-5.7-.2 1.6-.9 2.7-2 3.3.6-3.8-.3-8.5-1.3-12.1Z"
          className="fill-primary-foreground"
        />
      </svg>
      {withName ? (
        <span className={cn('text-lg font-semibold tracking-tight text-foreground', nameClassName)}>
          Pilote Énergie
        </span>
      ) : null}
    </span>
  );
}
