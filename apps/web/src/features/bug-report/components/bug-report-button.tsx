import { Bug } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { BUG_REPORT_UI_ATTRIBUTE } from '../utils/ui-attribute.ts';

const BugReportWidget = lazy(() =>
  import('./bug-report-widget.tsx').then((module) => ({ default: module.BugReportWidget })),
);

/**
 * The floating « Signaler un bug » button on every page (public and private). The modal and what it needs
 * (dialog, query client, capture library) load on the first press, so public pages stay light.
 */
export function BugReportButton() {
  const [open, setOpen] = useState(false);
  return (
    <div {...{ [BUG_REPORT_UI_ATTRIBUTE]: '' }}>
      {open ? null : (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="fixed right-4 bottom-2 z-40 inline-flex size-12 sm:bottom-4 items-center justify-center rounded-full border border-border-strong bg-background text-foreground shadow-lg hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          aria-label="Signaler un bug"
          title="Signaler un bug"
        >
          <Bug aria-hidden="true" className="size-5" />
        </button>
      )}
      {open ? (
        <Suspense fallback={null}>
          <BugReportWidget onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
