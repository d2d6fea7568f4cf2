import { BUG_ELEMENT_HTML_MAX, BUG_SELECTOR_MAX_DEPTH } from '@pilote/contracts';

function segment(element: Element): string {
  const tag = element.tagName.toLowerCase();
  if (element.id && /^[A-Za-z][\w-]*$/.test(element.id)) {
    return `${tag}#${element.id}`;
  }
  const parent = element.parentElement;
  if (!parent) {
    return tag;
  }
  const sameTag = [...parent.children].filter((child) => child.tagName === element.tagName);
  return sameTag.length > 1 ? `${tag}:nth-of-type(${sameTag.indexOf(element) + 1})` : tag;
}

/**
 * A CSS selector path of the element, at most BUG_SELECTOR_MAX_DEPTH levels (spec §9: about 6): tag names with
 * `:nth-of-type()` where siblings share the tag, stopping early at an element with an id or at <body>.
 */
export function selectorPath(element: Element): string {
  const parts: string[] = [];
  let current: Element | null = element;
  while (current && parts.length < BUG_SELECTOR_MAX_DEPTH && current.tagName !== 'HTML') {
    parts.unshift(segment(current));
    if (current.tagName === 'BODY' || /#/.test(parts[0] ?? '')) {
      break;
    }
    current = current.parentElement;
  }
  return parts.join(' > ');
}

/** The element's HTML cut to BUG_ELEMENT_HTML_MAX characters (spec §9: 500). */
export function elementHtml(element: Element): string {
  return element.outerHTML.slice(0, BUG_ELEMENT_HTML_MAX);
}

/** browserInfo of spec §3. */
export function browserInfo() {
  return {
    userAgent: navigator.userAgent.slice(0, 500),
    language: navigator.language.slice(0, 50),
    platform: (navigator.platform || 'inconnu').slice(0, 100),
    screenResolution: `${window.screen.width}x${window.screen.height}`,
    viewportSize: `${window.innerWidth}x${window.innerHeight}`,
  };
}
