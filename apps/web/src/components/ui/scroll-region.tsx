import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

type ScrollRegionProps = Omit<ComponentProps<'section'>, 'tabIndex'> &
  ({ 'aria-label': string } | { 'aria-labelledby': string });

/**
 * A table frame that scrolls sideways on a phone (docs/code-style.md § Screens): `relative`, so that the
 * screen-reader-only cells inside cannot widen the page, focusable and named, so that the keyboard can scroll it
 * when nothing inside takes focus (WCAG 2.1.1).
 */
export function ScrollRegion({ className, ...props }: ScrollRegionProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable with the keyboard (WCAG 2.1.1).
    <section className={cn('relative overflow-x-auto', className)} tabIndex={0} {...props} />
  );
}
