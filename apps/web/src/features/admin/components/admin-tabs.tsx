import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { IN_PAGE_NAVIGATION } from '../../../app/layouts/use-navigation-focus.ts';
import { cn } from '../../../lib/cn.ts';

export type AdminSection = { id: string; label: string; render: () => ReactNode };

/** The query parameter holding the open section (`/private/admin?section=mandates`): linkable, Back returns. */
export const ADMIN_SECTION_PARAM = 'section';

/**
 * The admin panel's sections as tabs (WAI-ARIA tabs pattern, automatic activation): one section on screen at a
 * time instead of one page several screens long. The open one is in the URL, so a section can be linked and the
 * browser's Back button goes back to the previous one. Keyboard: Tab reaches the open tab, ←/→ (and Home/End) move
 * between tabs and open them, Tab again enters the panel.
 */
export function AdminTabs({ label, sections }: { label: string; sections: readonly AdminSection[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const requested = searchParams.get(ADMIN_SECTION_PARAM);
  const current = sections.find((section) => section.id === requested) ?? sections[0];
  if (!current) {
    return null;
  }

  const open = (id: string, focus: boolean) => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set(ADMIN_SECTION_PARAM, id);
        return next;
      },
      // Switching tabs is not a new page: the focus stays on the tab and the page does not jump to the top.
      { preventScrollReset: true, state: IN_PAGE_NAVIGATION },
    );
    if (focus) {
      tabRefs.current.get(id)?.focus();
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = sections.findIndex((section) => section.id === current.id);
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % sections.length,
      ArrowLeft: (index - 1 + sections.length) % sections.length,
      Home: 0,
      End: sections.length - 1,
    };
    const target = targets[event.key];
    const section = target === undefined ? undefined : sections[target];
    if (section) {
      event.preventDefault();
      open(section.id, true);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div
        role="tablist"
        aria-label={label}
        className="flex flex-wrap gap-1 border-b border-border"
        data-testid="admin-sections"
      >
        {sections.map((section) => {
          const selected = section.id === current.id;
          return (
            <button
              key={section.id}
              ref={(element) => {
                if (element) {
                  tabRefs.current.set(section.id, element);
                } else {
                  tabRefs.current.delete(section.id);
                }
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${section.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${section.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => open(section.id, false)}
              onKeyDown={onKeyDown}
              className={cn(
                '-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                selected
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground hover:border-border-strong hover:text-foreground',
              )}
            >
              {section.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${current.id}`}
        aria-labelledby={`${baseId}-tab-${current.id}`}
        // The panel itself is reachable by Tab (WAI-ARIA tabs pattern): its first focusable element may be far down,
        // or absent while it loads.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is focusable in the WAI-ARIA tabs pattern.
        tabIndex={0}
        className="min-w-0 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
      >
        {current.render()}
      </div>
    </div>
  );
}
