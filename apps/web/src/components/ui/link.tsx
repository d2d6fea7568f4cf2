import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';
import { cn } from '../../lib/cn.ts';

export type LinkVariant = 'inline' | 'subtle';

const variants: Record<LinkVariant, string> = {
  inline: 'font-medium text-primary underline underline-offset-4 hover:decoration-2',
  subtle: 'text-muted-foreground underline-offset-4 hover:text-foreground hover:underline',
};

export type LinkProps = RouterLinkProps & { variant?: LinkVariant };

/** An in-app link (client-side navigation) with the design-system look. */
export function Link({ variant = 'inline', className, ...props }: LinkProps) {
  return <RouterLink className={cn('rounded-sm', variants[variant], className)} {...props} />;
}
