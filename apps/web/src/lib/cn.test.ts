import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('keeps the last of two conflicting Tailwind classes', () => {
    expect(cn('p-2', 'p-4')).toBe('p-4');
    expect(cn('px-2 py-1', 'p-3')).toBe('p-3');
    expect(cn('text-sm text-foreground', 'text-lg')).toBe('text-foreground text-lg');
  });

  it('resolves conflicts between the theme colours of the app (index.css @theme)', () => {
    expect(cn('bg-primary text-primary-foreground', 'bg-danger')).toBe('text-primary-foreground bg-danger');
    expect(cn('border-border', 'border-border-strong')).toBe('border-border-strong');
  });

  it('lets a variant override only the same variant', () => {
    expect(cn('hover:bg-primary bg-surface', 'hover:bg-primary-hover')).toBe('bg-surface hover:bg-primary-hover');
  });

  it('drops falsy values and keeps non-conflicting classes in order', () => {
    expect(cn('flex', false, undefined, null, { 'gap-2': true, hidden: false }, ['items-center'])).toBe(
      'flex gap-2 items-center',
    );
  });
});
