// subset-font 2.9.0 ships no types. Only what pdf-report.ts uses.
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2'; preserveNameIds?: number[] },
  ): Promise<Buffer>;
}
