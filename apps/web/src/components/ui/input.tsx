import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const inputStyles =
  'block h-10 w-full rounded-md border border-border-strong bg-background px-3 text-sm text-foreground ' +
  'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger';

export function Input({ className, ref, ...props }: ComponentProps<'input'>) {
  return <input ref={ref} className={cn(inputStyles, className)} {...props} />;
}

export function Select({ className, ref, ...props }: ComponentProps<'select'>) {
  return <select ref={ref} className={cn(inputStyles, 'pr-8', className)} {...props} />;
}
