/**
 * A deliberately small Markdown reader for the blog posts (packages/content/blog/*.md). It produces a tree of plain
 * data that `MarkdownContent` turns into React elements — never HTML strings — so a post cannot inject markup or
 * scripts. Supported: front matter (`key: value` lines between `---`), `##`/`###` headings, paragraphs, `-`/`*` and
 * `1.` lists, `>` quotes, **bold**, *italic*, `code` and [links](/chemin) (http(s), mailto, site paths and #anchors
 * only; any other link is kept as text). Plain data only: vite.config.ts and the server's chatbot index import it in
 * Node.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 2 | 3; id: string; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'quote'; children: Inline[] };

export type FrontMatter = Record<string, string>;

const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

export function isSafeHref(href: string): boolean {
  return SAFE_HREF.test(href.trim());
}

/** "Pourquoi la CJA coûte cher ?" → "pourquoi-la-cja-coute-cher" */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function splitFrontMatter(source: string): { data: FrontMatter; body: string } {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match) {
    return { data: {}, body: text };
  }
  const data: FrontMatter = {};
  for (const line of (match[1] ?? '').split('\n')) {
    const separator = line.indexOf(':');
    if (separator > 0) {
      const key = line.slice(0, separator).trim();
      const value = line
        .slice(separator + 1)
        .trim()
        .replace(/^(['"])(.*)\1$/, '$2');
      data[key] = value;
    }
  }
  return { data, body: text.slice(match[0].length) };
}

const INLINE_TOKEN =
  /(\*\*([^*]+?)\*\*)|(\*([^*\s][^*]*?)\*)|(_([^_\s][^_]*?)_)|(`([^`]+)`)|(\[([^\]]+)\]\(([^)\s]+)\))/;

export function parseInline(text: string): Inline[] {
  const result: Inline[] = [];
  let rest = text;
  while (rest.length > 0) {
    const match = INLINE_TOKEN.exec(rest);
    if (!match) {
      result.push({ type: 'text', text: rest });
      break;
    }
    if (match.index > 0) {
      result.push({ type: 'text', text: rest.slice(0, match.index) });
    }
    if (match[2] !== undefined) {
      result.push({ type: 'strong', children: parseInline(match[2]) });
    } else if (match[4] !== undefined) {
      result.push({ type: 'em', children: parseInline(match[4]) });
    } else if (match[6] !== undefined) {
      result.push({ type: 'em', children: parseInline(match[6]) });
    } else if (match[8] !== undefined) {
      result.push({ type: 'code', text: match[8] });
    } else if (match[10] !== undefined && match[11] !== undefined) {
      const children = parseInline(match[10]);
      if (isSafeHref(match[11])) {
        result.push({ type: 'link', href: match[11], children });
      } else {
        result.push(...children);
      }
    }
    rest = rest.slice(match.index + match[0].length);
  }
  return result;
}

/** The words of an inline tree, without its markup: « **CTA** : … » → « CTA : … ». */
export function inlineText(inlines: readonly Inline[]): string {
  return inlines.map((inline) => ('children' in inline ? inlineText(inline.children) : inline.text)).join('');
}

/** The words of a block (a list's items joined by « ; »). */
export function blockText(block: Block): string {
  switch (block.type) {
    case 'list':
      return block.items.map(inlineText).join(' ; ');
    default:
      return inlineText(block.children);
  }
}

export function parseMarkdown(body: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  let quote: string[] = [];

  const flush = () => {
    if (paragraph.length > 0) {
      blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
      paragraph = [];
    }
    if (list) {
      blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
      list = null;
    }
    if (quote.length > 0) {
      blocks.push({ type: 'quote', children: parseInline(quote.join(' ')) });
      quote = [];
    }
  };

  for (const rawLine of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trimEnd();
    const trimmed = line.trim();
    if (trimmed === '') {
      flush();
      continue;
    }
    const heading = /^(#{2,3})\s+(.+)$/.exec(trimmed);
    if (heading) {
      flush();
      const text = heading[2] ?? '';
      blocks.push({
        type: 'heading',
        level: heading[1] === '##' ? 2 : 3,
        id: slugify(text),
        children: parseInline(text),
      });
      continue;
    }
    const bullet = /^[-*]\s+(.+)$/.exec(trimmed);
    const numbered = /^\d+[.)]\s+(.+)$/.exec(trimmed);
    if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph.length > 0 || quote.length > 0 || (list && list.ordered !== ordered)) {
        flush();
      }
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)?.[1] ?? '');
      continue;
    }
    if (list && /^\s{2,}\S/.test(line)) {
      // Continuation of the previous list item.
      list.items[list.items.length - 1] += ` ${trimmed}`;
      continue;
    }
    const quoted = /^>\s?(.*)$/.exec(trimmed);
    if (quoted) {
      if (paragraph.length > 0 || list) {
        flush();
      }
      quote.push(quoted[1] ?? '');
      continue;
    }
    if (list || quote.length > 0) {
      flush();
    }
    paragraph.push(trimmed);
  }
  flush();
  return blocks;
}

export type BlogPost = {
  slug: string;
  title: string;
  description: string;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  author: string;
  blocks: Block[];
};

/** A post file: front matter (title, description, date, author) and a Markdown body. Throws on a missing field. */
export function parsePost(slug: string, source: string): BlogPost {
  const { data, body } = splitFrontMatter(source);
  for (const field of ['title', 'description', 'date'] as const) {
    if (!data[field]) {
      throw new Error(`Article ${slug} : champ « ${field} » manquant dans l'en-tête.`);
    }
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(data.date ?? '')) {
    throw new Error(`Article ${slug} : date « ${data.date} » invalide (AAAA-MM-JJ attendu).`);
  }
  return {
    slug,
    title: data.title ?? '',
    description: data.description ?? '',
    date: data.date ?? '',
    author: data.author ?? "L'équipe Pilote Énergie",
    blocks: parseMarkdown(body),
  };
}

/** `…/content/blog/mon-article.md` → `mon-article` */
export function slugFromPath(file: string): string {
  return (file.split('/').pop() ?? file).replace(/\.md$/, '');
}
