import { type BlogPost, parsePost, slugFromPath } from '@pilote/content';

/**
 * The blog posts: one Markdown file per post in packages/content/blog/, named after its slug (the public URL: never
 * rename a published file). Bundled as text with the blog pages and read by the small, safe reader of
 * `@pilote/content` (markdown.ts); the server's chatbot index reads the same files (ADR 0037).
 */
const sources = import.meta.glob<string>('../../../../../packages/content/blog/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const blogPosts: readonly BlogPost[] = Object.entries(sources)
  .map(([file, source]) => parsePost(slugFromPath(file), source))
  .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));

export function findBlogPost(slug: string | undefined): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug);
}
