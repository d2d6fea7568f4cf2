// The fonts of every PDF the server writes (simulation report, claim letter, mandate): Noto Sans (OFL, from
// @expo-google-fonts/noto-sans) subset once per process, embedded whole, so French text (é, €, ×, espaces
// insécables…) is drawn as is; `drawable` replaces the rare character they lack (≤ → <=, accents dropped) or shows
// « ? », never a crash. Moved from modules/simulator/pdf-report.ts, which mandates and audits borrowed it from
// (ADR 0045).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);

/**
 * Characters kept in the embedded fonts: Basic Latin, Latin-1, Latin Extended-A, general punctuation (narrow
 * no-break space, dashes, quotes, ellipsis), €, −, ᵉ, №, ™. pdf-lib's own subsetting drops glyphs of Noto Sans
 * (letters render blank), so the fonts are subset once with HarfBuzz (`subset-font`) and embedded whole:
 * ~56 kB per style instead of 630 kB.
 */
const KEPT_RANGES: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0x17f],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2116, 0x2116],
  [0x2122, 0x2122],
  [0x2212, 0x2212],
  [0x1d49, 0x1d49],
];

export interface LoadedFonts {
  regular: Uint8Array;
  bold: Uint8Array;
  coverage: { hasGlyphForCodePoint(codePoint: number): boolean };
}

let loading: Promise<LoadedFonts> | undefined;
let loaded: LoadedFonts | undefined;

async function subset(path: string): Promise<Uint8Array> {
  let characters = '';
  for (const [from, to] of KEPT_RANGES) {
    for (let codePoint = from; codePoint <= to; codePoint += 1) {
      characters += String.fromCodePoint(codePoint);
    }
  }
  return subsetFont(readFileSync(require.resolve(path)), characters, { targetFormat: 'truetype' });
}

/** The subset Noto Sans fonts, loaded once per process (thread). */
export function loadFonts(): Promise<LoadedFonts> {
  loading ??= (async () => {
    const [regular, bold] = await Promise.all([
      subset('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
      subset('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
    ]);
    const coverage = fontkit.create(Buffer.from(regular));
    loaded = { regular, bold, coverage };
    return loaded;
  })();
  return loading;
}

/**
 * Uses fonts subset elsewhere (a one-shot worker thread receives them from its parent instead of subsetting
 * again: the mandate render, ADR 0031). Ignored once fonts are loaded.
 */
export function provideSubsetFonts(fonts: { regular: Uint8Array; bold: Uint8Array }): void {
  if (loading) {
    return;
  }
  const coverage = fontkit.create(Buffer.from(fonts.regular));
  loaded = { regular: fonts.regular, bold: fonts.bold, coverage };
  loading = Promise.resolve(loaded);
}

/** The subset fonts' bytes (to hand to a worker thread). */
export async function subsetFontBytes(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  const { regular, bold } = await loadFonts();
  return { regular, bold };
}

const FALLBACKS: Record<string, string> = {
  '≤': '<=',
  '≥': '>=',
  '≠': '!=',
  '\t': ' ',
  '\u2009': '\u202f',
  '\u200b': '',
  '\ufeff': '',
};

/** Keeps what the font can draw; replaces the rest (never throws on a character). */
export function drawable(text: string): string {
  const coverage = loaded?.coverage;
  let out = '';
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0x3f;
    if (char === '\n') {
      out += char;
    } else if (FALLBACKS[char] !== undefined) {
      out += FALLBACKS[char];
    } else if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) {
      out += ' ';
    } else if (coverage?.hasGlyphForCodePoint(codePoint)) {
      out += char;
    } else {
      const stripped = char.normalize('NFD').replace(/\p{Diacritic}/gu, '');
      out +=
        stripped && [...stripped].every((c) => coverage?.hasGlyphForCodePoint(c.codePointAt(0) ?? 0)) ? stripped : '?';
    }
  }
  return out;
}

/** Ligatures (fi, fl) would be drawn with the advance of two letters and extracted as U+FB01: off. */
export const NO_LIGATURES = { liga: false, clig: false, dlig: false, rlig: false, calt: false };
