import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { describeTheme, type ResolvedTheme, type ThemePreference } from '../../lib/theme.ts';

export type ThemeToggleProps = {
  preference: ThemePreference;
  resolvedTheme: ResolvedTheme;
  onToggle: () => void;
  className?: string;
};

/**
 * Light/dark switch. Shows the theme in use; a small screen badge marks "following the system" until the user chooses.
 * Accessible name: "Basculer le thème"; its description (title) tells the state, e.g. "Thème : système (clair)".
 */
export function ThemeToggle({ preference, resolvedTheme, onToggle, className }: ThemeToggleProps) {
  const description = describeTheme(preference, resolvedTheme);
  const Icon = resolvedTheme === 'dark' ? Moon : Sun;
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label="Basculer le thème"
      title={description}
      data-testid="theme-toggle"
      data-theme-preference={preference}
      data-theme={resolvedTheme}
      className={cn(
        'relative inline-flex size-10 items-center justify-center rounded-md text-foreground transition-colors hover:bg-muted',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
      {preference === 'system' ? (
        <span className="absolute right-1 bottom-1 rounded-sm bg-background p-px leading-none" aria-hidden="true">
          <Monitor className="size-3 text-muted-foreground" />
        </span>
      ) : null}
    </button>
  );
}
