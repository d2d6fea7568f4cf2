/**
 * Version of the claim letter's layout (claim-letter.ts), bumped when the layout changes: a letter kept under another
 * version is rendered again (2: long words cut at the margin; 3: HT, TVA and TTC claimed, only over-billed anomalies;
 * 4: the company's identity and address, registered post, the reply deadline, the amounts as a table, ADR 0071).
 * In a module of its own so that the server's main thread, which only compares versions (service.ts), does not load
 * pdf-lib and its fonts at start: the letter is rendered in a worker thread.
 */
export const CLAIM_LETTER_RENDERER_VERSION = '4';
