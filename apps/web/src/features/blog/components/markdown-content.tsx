import { type Block, type Inline, parseInline } from '@pilote/content';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

function renderInlines(inlines: readonly Inline[]): ReactNode {
  return inlines.map((inline, index) => {
    const key = `${inline.type}-${index}`;
    switch (inline.type) {
      case 'text':
        return <Fragment key={key}>{inline.text}</Fragment>;
      case 'strong':
        return <strong key={key}>{renderInlines(inline.children)}</strong>;
      case 'em':
        return <em key={key}>{renderInlines(inline.children)}</em>;
      case 'code':
        return <code key={key}>{inline.text}</code>;
      case 'link':
        // Site paths navigate inside the app; other safe links (http, mailto, #) are plain anchors.
        return inline.href.startsWith('/') ? (
          <Link key={key} to={inline.href}>
            {renderInlines(inline.children)}
          </Link>
        ) : (
          <a key={key} href={inline.href} rel={inline.href.startsWith('http') ? 'noopener noreferrer' : undefined}>
            {renderInlines(inline.children)}
          </a>
        );
      default:
        return null;
    }
  });
}

/** One line of inline Markdown (`**gras**`, `[lien](/chemin)`) as React elements: the shared texts of @pilote/content. */
export function MarkdownInline({ text }: { text: string }) {
  return <>{renderInlines(parseInline(text))}</>;
}

/** Renders the tree of markdown.ts as React elements (no HTML strings anywhere). */
export function MarkdownContent({ blocks }: { blocks: readonly Block[] }) {
  return (
    <>
      {blocks.map((block, index) => {
        const key = `${block.type}-${index}`;
        switch (block.type) {
          case 'heading':
            return block.level === 2 ? (
              <h2 key={key} id={block.id}>
                {renderInlines(block.children)}
              </h2>
            ) : (
              <h3 key={key} id={block.id}>
                {renderInlines(block.children)}
              </h3>
            );
          case 'paragraph':
            return <p key={key}>{renderInlines(block.children)}</p>;
          case 'quote':
            return <blockquote key={key}>{renderInlines(block.children)}</blockquote>;
          case 'list': {
            const items = block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: list items of a static document never reorder.
              <li key={itemIndex}>{renderInlines(item)}</li>
            ));
            return block.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
          }
          default:
            return null;
        }
      })}
    </>
  );
}
