import { isSafeHref, parseInline, parseMarkdown, parsePost, slugify, splitFrontMatter } from '@pilote/content';
import { describe, expect, it } from 'vitest';
import { blogPosts, findBlogPost } from './posts.ts';

describe('markdown reader', () => {
  it('reads the front matter', () => {
    const { data, body } = splitFrontMatter('---\ntitle: "Un titre : avec deux-points"\ndate: 2026-11-20\n---\nCorps');
    expect(data).toEqual({ title: 'Un titre : avec deux-points', date: '2026-11-20' });
    expect(body).toBe('Corps');
  });

  it('reads headings, paragraphs, lists and quotes', () => {
    const blocks = parseMarkdown(
      '## Étape 1 : la CJA\n\nUne ligne\nqui continue.\n\n- un\n- **deux**\n\n1. premier\n2. second\n\n> À retenir',
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 2, id: 'etape-1-la-cja', children: [{ type: 'text', text: 'Étape 1 : la CJA' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'Une ligne qui continue.' }] },
      {
        type: 'list',
        ordered: false,
        items: [[{ type: 'text', text: 'un' }], [{ type: 'strong', children: [{ type: 'text', text: 'deux' }] }]],
      },
      { type: 'list', ordered: true, items: [[{ type: 'text', text: 'premier' }], [{ type: 'text', text: 'second' }]] },
      { type: 'quote', children: [{ type: 'text', text: 'À retenir' }] },
    ]);
  });

  it('keeps only safe links and never produces markup', () => {
    expect(parseInline('[ok](/faq) et [mal](javascript:alert(1))')).toEqual([
      { type: 'link', href: '/faq', children: [{ type: 'text', text: 'ok' }] },
      { type: 'text', text: ' et ' },
      { type: 'text', text: 'mal' },
      { type: 'text', text: ')' },
    ]);
    expect(parseInline('<script>alert(1)</script>')).toEqual([{ type: 'text', text: '<script>alert(1)</script>' }]);
    expect(isSafeHref('https://www.cre.fr')).toBe(true);
    expect(isSafeHref('//evil.example')).toBe(false);
    expect(isSafeHref('data:text/html,x')).toBe(false);
    expect(slugify('Pourquoi la CJA coûte cher ?')).toBe('pourquoi-la-cja-coute-cher');
  });

  it('refuses a post without its title, description or date', () => {
    expect(() => parsePost('x', '---\ntitle: T\n---\nCorps')).toThrow('champ « description » manquant');
    expect(() => parsePost('x', '---\ntitle: T\ndescription: D\ndate: 20/11/2026\n---\n')).toThrow('date');
  });

  it('publishes the content files, newest first, including the multi-site article', () => {
    expect(blogPosts.length).toBeGreaterThanOrEqual(1);
    const post = findBlogPost('optimiser-cascade-tarifaire-multi-sites');
    expect(post?.title).toBe('Optimiser la cascade tarifaire multi-sites');
    expect(post?.blocks.some((block) => block.type === 'heading')).toBe(true);
    const dates = blogPosts.map((item) => item.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});
