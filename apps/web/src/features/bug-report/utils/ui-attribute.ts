// Its own module: the floating button (on every page, in the landing's entry) needs it without the capture code
// and the contracts (zod) that capture.ts imports.
/** Marks the widget's own nodes, left out of the capture. */
export const BUG_REPORT_UI_ATTRIBUTE = 'data-bug-report-ui';
