/**
 * The product's own texts read by both the public site (apps/web) and the server's chatbot index (apps/server):
 * the FAQ, the customer glossary, the explanation of the tariff lines, and the reader of the blog posts (whose
 * Markdown lives in `packages/content/blog/`). Plain data, no imports (ADRs 0035, 0037).
 */
export * from './faq.ts';
export * from './glossary.ts';
export * from './markdown.ts';
export * from './reference-tables.ts';
export * from './tariff-explanations.ts';
