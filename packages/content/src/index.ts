/**
 * The product's own texts read by both the public site (apps/web) and the server's chatbot index (apps/server):
 * the FAQ and the customer glossary. Plain data, no imports (ADR 0035).
 */
export * from './faq.ts';
export * from './glossary.ts';
