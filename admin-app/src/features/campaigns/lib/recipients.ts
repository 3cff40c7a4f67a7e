/** The addresses typed in the recipients box: one per line, trimmed, only lines with an at-sign. */
export function parseRecipientLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.includes('@'));
}

/** Each address once, whatever its case (the server counts them the same way). */
export function uniqueAddresses(addresses: string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
