// Lighthouse's findings in words, for bench/lighthouse.mjs's section and the targets table of
// bench/run-all.mjs (which reads them from the recorded JSON without loading Lighthouse).

/**
 * A page's recorded Lighthouse findings (bench/lighthouse.mjs).
 * @typedef {{ lcpElement: { selector?: string, phases: Record<string, number> } | null, shifts?: { selector: string, score: number, causes: (string | undefined)[] }[] }} Findings
 */

/**
 * The LCP element and its phases, in words.
 * @param {Findings} r
 */
export function lcpText(r) {
  if (!r.lcpElement) return 'no LCP element reported';
  const phases = Object.entries(r.lcpElement.phases)
    .map(([phase, ms]) => `${phase.toLowerCase()} ${ms} ms`)
    .join(', ');
  return `LCP element \`${r.lcpElement.selector}\` (${phases})`;
}

/**
 * The biggest layout shifts and their causes, in words.
 * @param {Findings} r
 */
export function shiftText(r) {
  if (!r.shifts?.length) return 'no layout shift';
  return `shifts: ${r.shifts.map((x) => `\`${x.selector}\` ${x.score.toFixed(3)}${x.causes.length ? ` (${x.causes.join(', ').toLowerCase()})` : ''}`).join(', ')}`;
}
