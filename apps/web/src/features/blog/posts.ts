import { type BlogPost, parsePost, slugFromPath } from './markdown.ts';

/**
 * The blog posts: one Markdown file per post in apps/web/content/blog/, named after its slug (the public URL: never
 * rename a published file). Bundled as text with the blog pages and read by the small, safe reader of markdown.ts.
 */
const sources = import.meta.glob<string>('../../../content/blog/*.md', {
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
