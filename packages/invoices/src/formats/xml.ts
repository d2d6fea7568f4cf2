/**
 * XML parsed by fast-xml-parser. A DOCTYPE (and so any entity declaration: billion laughs, XXE) is refused before
 * parsing; entities are not processed; nesting is bounded.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { LIMITS } from '../limits.ts';
import { RefusalError } from '../refusal.ts';

export type XmlNode = { readonly [key: string]: XmlValue };
export type XmlValue = string | XmlNode | readonly XmlValue[];

export function readXml(bytes: Uint8Array): XmlNode {
  if (bytes.length > LIMITS.maxXmlBytes) {
    throw new RefusalError('FILE_TOO_LARGE', `Fichier XML de plus de ${LIMITS.maxXmlBytes / 1024 / 1024} Mo.`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new RefusalError('UNREADABLE_FILE', 'Fichier XML illisible : encodage autre que UTF-8.');
  }
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) {
    throw new RefusalError(
      'XML_DOCTYPE_FORBIDDEN',
      'Fichier XML refusé : les déclarations DOCTYPE et ENTITY ne sont pas acceptées (risque d’entités externes).',
    );
  }
  if (maxDepth(text) > LIMITS.maxXmlDepth) {
    throw new RefusalError(
      'UNREADABLE_FILE',
      `Fichier XML refusé : imbrication de plus de ${LIMITS.maxXmlDepth} niveaux.`,
    );
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new RefusalError('UNREADABLE_FILE', `Fichier XML mal formé (ligne ${valid.err.line}).`);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    processEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
  });
  return parser.parse(text) as XmlNode;
}

/** Deepest element nesting, counted on the raw text (before the recursive parser sees it). */
function maxDepth(text: string): number {
  let depth = 0;
  let max = 0;
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)[^>]*?(\/?)>/g;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    if (m[1] === '/') {
      depth -= 1;
    } else if (m[3] !== '/') {
      depth += 1;
      max = Math.max(max, depth);
    }
  }
  return max;
}
