import type { MouseEvent } from 'react';

/** First focusable element of every page: jumps over the header to `#<targetId>` (WCAG 2.4.1). */
export function SkipLink({
  targetId = 'main',
  children = 'Aller au contenu',
}: {
  targetId?: string;
  children?: string;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (target) {
      event.preventDefault();
      target.focus();
      target.scrollIntoView?.({ block: 'start' });
    }
  };
  return (
    <a
      href={`#${targetId}`}
      onClick={onClick}
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {children}
    </a>
  );
}
