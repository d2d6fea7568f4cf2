import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names, dropping falsy ones, then resolves Tailwind conflicts: the last class of a group wins
 * (`cn('p-2', 'p-4')` is `p-4`), so a component's `className` prop can override its defaults.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
