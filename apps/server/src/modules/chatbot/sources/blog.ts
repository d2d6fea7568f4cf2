import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type BlogPost, blockText, parsePost, slugFromPath } from '@pilote/content';
import type { Passage } from '../passage.ts';

/**
 * The blog's Markdown: `packages/content/blog/`, the same files the web app bundles (ADR 0037). Found through the
 * package's resolution, so it holds from the sources (tsx) and from the bundle (dist/server.mjs, whose
 * node_modules links the workspace package).
 */
export function blogDirectory(): string {
  const entry = createRequire(import.meta.url).resolve('@pilote/content');
  return path.join(path.dirname(entry), '..', 'blog');
}

export function readBlogPosts(directory = blogDirectory()): BlogPost[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => parsePost(slugFromPath(file), readFileSync(path.join(directory, file), 'utf8')));
}

/**
 * One passage per section of a post: the introduction (what comes before the first heading, with the post's
 * description) links to the post, each `##`/`###` section to its heading's anchor (`/blog/<slug>#<id>`).
 */
export function blogPassages(posts: readonly BlogPost[]): Passage[] {
  return posts.flatMap((post) => {
    const href = `/blog/${encodeURIComponent(post.slug)}`;
    const sections: { heading: string | null; id: string | null; texts: string[] }[] = [
      { heading: null, id: null, texts: [post.description] },
    ];
    for (const block of post.blocks) {
      if (block.type === 'heading') {
        sections.push({ heading: blockText(block), id: block.id, texts: [] });
      } else {
        sections[sections.length - 1]?.texts.push(blockText(block));
      }
    }
    return sections
      .filter((section) => section.texts.length > 0)
      .map((section) => ({
        id: `blog:${post.slug}${section.id ? `#${section.id}` : ''}`,
        title: section.heading ? `${post.title} — ${section.heading}` : post.title,
        text: section.texts.join(' '),
        url: section.id ? `${href}#${section.id}` : href,
        keywords: '',
      }));
  });
}
