// Times the two passes over a campaign's content, from the built API, on content made to be
// slow for backtracking patterns (unclosed tags, comments, links and data URIs) at the content
// size limit: the plain-text conversion (once per send) and the data-URI image extraction (at
// creation and when a send starts). Both hold the API's event loop while they run; the target
// is under 1 s each. Plain node, no network, no database.
//
//   node scripts/ensure.mjs                       # builds api/dist
//   node bench/security/campaign-content.mjs [--runs 3] [--api-dist api/dist]
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CAMPAIGN_CONTENT_MAX_LENGTH } from '@festival/contracts';
import { median } from '@festival/test-kit';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const TARGET_MS = 1000;

/**
 * `unit` repeated as often as the content limit allows.
 * @param {string} unit
 */
function atContentLimit(unit) {
  return unit.repeat(Math.floor(CAMPAIGN_CONTENT_MAX_LENGTH / unit.length));
}

/**
 * The same inputs as the API's tests (api/test/support/adversarial-campaign-content.ts).
 * @type {[string, () => string][]}
 */
export const INPUTS = [
  ['data-URI images with no closing quote', () => atContentLimit('<img src="data:image/png;base64,AAAAAAAAAA ')],
  ['links never closed', () => atContentLimit('<a>')],
  ['links with no ">"', () => atContentLimit('<a ')],
  ['link text full of "<"', () => `<a href="https://x.example">${'<'.repeat(CAMPAIGN_CONTENT_MAX_LENGTH - 32)}</a>`],
  ['comments never closed', () => atContentLimit('<!--')],
  ['style elements never closed', () => atContentLimit('<style>')],
  ['script elements never closed', () => atContentLimit('<script>')],
  ['title elements never closed', () => atContentLimit('<title>')],
  ['images with no ">"', () => atContentLimit('<img ')],
  ['list items with no ">"', () => atContentLimit('<li ')],
  ['paragraphs with no ">"', () => atContentLimit('<p ')],
  ['a "<" that never closes', () => atContentLimit('<')],
];

/**
 * @param {() => unknown} work
 * @param {number} runs
 */
function millisecondsOf(work, runs) {
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return Math.round(median(times));
}

/**
 * The median milliseconds of `runs` runs of htmlToText and extractInlineImages on each input,
 * with the build in `apiDist`.
 */
export async function measureCampaignContent({ apiDist = resolve(ROOT, 'api/dist'), runs = 3 } = {}) {
  const campaigns = resolve(apiDist, 'modules/campaigns');
  const { htmlToText } = await import(pathToFileURL(resolve(campaigns, 'html-to-text.js')).href);
  const { extractInlineImages } = await import(pathToFileURL(resolve(campaigns, 'inline-images.js')).href);
  return INPUTS.map(([input, build]) => {
    // A flat string, as the API has it after parsing the request body.
    const content = JSON.parse(JSON.stringify(build()));
    const htmlToTextMs = millisecondsOf(() => htmlToText(content), runs);
    const extractInlineImagesMs = millisecondsOf(() => extractInlineImages(content), runs);
    return {
      input,
      chars: content.length,
      htmlToTextMs,
      extractInlineImagesMs,
      met: htmlToTextMs < TARGET_MS && extractInlineImagesMs < TARGET_MS,
    };
  });
}

async function main() {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, 'api-dist': { type: 'string', default: 'api/dist' } },
  });
  const runs = Math.max(1, Math.min(10, Number.parseInt(values.runs, 10) || 3));
  const rows = await measureCampaignContent({ apiDist: resolve(ROOT, values['api-dist']), runs });
  console.log(
    `Campaign content at the size limit (${CAMPAIGN_CONTENT_MAX_LENGTH} characters), median of ${runs} run(s), target < ${TARGET_MS} ms each`,
  );
  console.log('| Input | Characters | htmlToText ms | extractInlineImages ms | Under target |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const row of rows) {
    console.log(`| ${row.input} | ${row.chars} | ${row.htmlToTextMs} | ${row.extractInlineImagesMs} | ${row.met ? 'yes' : 'no'} |`);
  }
  const missed = rows.filter((row) => !row.met).length;
  console.log(missed === 0 ? 'Every input is under the target.' : `${missed} input(s) over the target.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
