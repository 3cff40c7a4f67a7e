/** fontverter (BSD-3-Clause) ships no types: the one function the glyph check uses. */
declare module 'fontverter' {
  /** The font in `buffer` (sfnt, woff or woff2, detected) converted to `toFormat`. */
  export function convert(buffer: Buffer, toFormat: 'sfnt' | 'truetype' | 'woff' | 'woff2'): Promise<Buffer>;
}
