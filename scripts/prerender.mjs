// Pre-renders the landing page (/), the party page (/diwali-party), the privacy policy (/privacy),
// the ticket terms (/terms) and the drinks menu's frame (/drinks) into HTML after the frontends are built: the shell's pre-render bundle
// (shell/dist-prerender/render.js) renders the same React components with the site
// configuration (its defaults) into the shell's index.html, with the remote's stylesheets
// linked. Writes shell/dist/prerendered/{index,diwali-party,privacy,terms,drinks}.html, served for exactly
// those paths, and shell/dist-prerender/pages.json, which the API's embedded mode reads to
// render them again with the current configuration. Their brotli and gzip copies go beside them
// (scripts/precompress.mjs), as for every built file. See docs/landing-page.md.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { minify } from 'terser';
import { log, ROOT } from './lib.mjs';
import { precompressFile, precompressTree } from './precompress.mjs';

/** The file under shell/dist/prerendered/ of a pre-rendered path: `index.html` for `/`, `hi/index.html` for `/hi/`, `hi/drinks.html` for `/hi/drinks`. */
const fileOf = (path) => (path.endsWith('/') ? `${path.slice(1)}index.html` : `${path.slice(1)}.html`);

/** A remote's build: its folder, its exposed App in mf-manifest.json, and its files' URLs. */
function remoteBuild(folder, remoteEntry) {
  const dist = join(ROOT, folder, 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8'));
  const app = manifest.exposes.find((e) => e.path === './App');
  if (!app) throw new Error(`${folder}/dist/mf-manifest.json exposes no ./App`);
  const base = remoteEntry.replace(/[^/]*$/, '');
  const url = (file) => `${base}${file}`;
  const fontFile = (prefix) => {
    const file = readdirSync(join(dist, 'assets')).find((f) => f.startsWith(prefix) && f.endsWith('.woff2'));
    if (!file) throw new Error(`${folder}/dist/assets has no ${prefix}*.woff2`);
    return url(`assets/${file}`);
  };
  return { app, url, fontFile };
}

/** The stylesheets each page links, and the fonts its first screen uses. */
function pageAssets(remotes) {
  const site = remoteBuild('public-site', remotes.public_site);
  const partyCss = site.app.assets.css.async.filter((f) => /party-route/.test(f));
  if (partyCss.length === 0) throw new Error('public-site/dist/mf-manifest.json lists no party-route stylesheet (the party page chunk)');
  const policyCss = site.app.assets.css.async.filter((f) => /policy-route/.test(f));
  if (policyCss.length === 0)
    throw new Error('public-site/dist/mf-manifest.json lists no policy-route stylesheet (the policy pages chunk)');
  const drinks = remoteBuild('drinks-app', remotes.drinks_app);
  return {
    '/': {
      stylesheets: site.app.assets.css.sync.map(site.url),
      fonts: [site.fontFile('playfair-display-latin-700-normal'), site.fontFile('inter-latin-400-normal')],
    },
    '/diwali-party': { stylesheets: [...site.app.assets.css.sync, ...partyCss].map(site.url), fonts: [] },
    // The drinks screens use the system fonts unless the guest's browser already has the site's.
    '/drinks': { stylesheets: drinks.app.assets.css.sync.map(drinks.url), fonts: [] },
    // The policies: the site's frame and their own stylesheet (docs/privacy.md).
    '/privacy': { stylesheets: [...site.app.assets.css.sync, ...policyCss].map(site.url), fonts: [] },
    '/terms': { stylesheets: [...site.app.assets.css.sync, ...policyCss].map(site.url), fonts: [] },
  };
}

const REMOTE_FOLDERS = { public_site: 'public-site', drinks_app: 'drinks-app' };

/** The web font a remote's pages in Hindi or Tamil are set in, as its build emitted it. */
function languageFont(remote, remoteEntry, language) {
  return remoteBuild(REMOTE_FOLDERS[remote], remoteEntry).fontFile(`${language}-text-`);
}

/**
 * The configuration to render with: the defaults from @festival/contracts, or, with
 * PRERENDER_SITE_URL set to a running site, the configuration it serves (to refresh the pages
 * nginx serves after the staff changed it).
 */
async function siteConfig({ DEFAULT_SITE_CONFIG, siteConfigSchema }) {
  const origin = process.env.PRERENDER_SITE_URL;
  if (!origin) return DEFAULT_SITE_CONFIG;
  const res = await fetch(new URL('/api/site', origin));
  if (!res.ok) throw new Error(`${origin}/api/site answered ${res.status}`);
  log(`rendering with the configuration of ${origin}`);
  return siteConfigSchema.parse(await res.json());
}

/**
 * The pages' own queries (`PageQuery` in shell/src/prerender/page-data.ts), by path: the text
 * `/privacy` and `/terms` show. With PRERENDER_SITE_URL, the staff's current policies; otherwise
 * each season's default text (the built API's), dated now: served only when no API answers, and
 * the page fetches the current text as soon as it runs.
 */
async function pageQueries({ POLICY_KINDS, POLICY_PATHS, policyQueryKey }) {
  const origin = process.env.PRERENDER_SITE_URL;
  const defaults = origin ? undefined : await import(pathToFileURL(join(ROOT, 'api/dist/modules/privacy/policy-defaults.js')).href);
  const queries = {};
  for (const kind of POLICY_KINDS) {
    let policy;
    if (origin) {
      const res = await fetch(new URL(`/api/policies/${kind}`, origin));
      if (!res.ok) throw new Error(`${origin}/api/policies/${kind} answered ${res.status}`);
      policy = await res.json();
    } else {
      policy = defaults.defaultPublicPolicy(kind, new Date());
    }
    queries[POLICY_PATHS[kind]] = [{ key: policyQueryKey(kind), data: policy }];
  }
  return queries;
}

/**
 * The template of the pre-rendered pages: the shell's index.html whose scripts start only once
 * the page has been painted. The pre-rendered HTML is the page; fetching the scripts at once
 * (the entry and its module preloads) would only compete with its stylesheets and fonts on a
 * slow link. A small loader (`assets/boot-<hash>.js`, same origin, so the CSP allows it) waits
 * for the load event and two frames, then adds the module preloads and imports the entry; a tab
 * opened in the background (no frames) starts after three seconds. It is written readable here
 * and minified with Terser for the pages.
 */
async function paintFirstTemplate(template) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  if (!entry) throw new Error('shell/dist/index.html has no module entry script');
  const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const loader = [
    "// Starts the page's scripts once its pre-rendered HTML has been painted (scripts/prerender.mjs).",
    'let started = false;',
    'const start = () => {',
    '  if (started) return;',
    '  started = true;',
    `  for (const href of ${JSON.stringify(preloads.map((m) => m[1]))}) {`,
    "    const link = document.createElement('link');",
    "    link.rel = 'modulepreload';",
    "    link.crossOrigin = '';",
    '    link.href = href;',
    '    document.head.append(link);',
    '  }',
    `  import(${JSON.stringify(entry[1])});`,
    '};',
    '// Two frames after the load event: the page has surely been painted by then.',
    'const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));',
    "if (document.readyState === 'complete') afterPaint();",
    "else addEventListener('load', afterPaint, { once: true });",
    'setTimeout(start, 3000);',
    '',
  ].join('\n');
  const { code } = await minify(loader, { module: true, format: { comments: false } });
  const file = `assets/boot-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  writeFileSync(join(ROOT, 'shell/dist', file), code);
  let html = template.replace(entry[0], `<script type="module" src="/${file}"></script>\n    `);
  for (const m of preloads) html = html.replace(m[0], '');
  return html;
}

/**
 * The HTML of each pre-rendered path, and its entry in pages.json. nginx serves these files as
 * they are, and link previews (WhatsApp, Facebook, Slack) do not run JavaScript: with the site's
 * public address known at build time (PUBLIC_URL; the Docker build passes it), the landing and
 * party pages also carry their title, description, preview tags and JSON-LD (docs/seo.md). The API's
 * embedded mode adds them at serve time either way.
 */
export async function renderPages({ contracts, bundle, site, template, publicUrl, queries = {} }) {
  const { DEFAULT_REMOTES_MANIFEST, findSiteRoute, injectHead, languageOfPath, PAGE_SEO, pathWithoutLanguage, prerenderedPaths } =
    contracts;
  const { renderPage } = bundle;
  const assets = pageAssets(DEFAULT_REMOTES_MANIFEST);
  const pages = [];
  // The paths, in each of their languages (`/drinks`, `/hi/drinks`), and the remote drawing
  // each, are the site's route table's (SITE_ROUTES in @festival/contracts).
  for (const path of prerenderedPaths()) {
    const { remote } = findSiteRoute(path);
    const english = pathWithoutLanguage(path);
    if (!assets[english]) throw new Error(`scripts/prerender.mjs knows no stylesheets for the pre-rendered path ${english}`);
    const file = fileOf(path);
    const remoteEntry = DEFAULT_REMOTES_MANIFEST[remote];
    // A Hindi or Tamil page preloads its script's web font (indic-fonts.vite.ts); an English one none.
    const language = languageOfPath(path);
    const fonts = [...assets[english].fonts, ...(language === 'en' ? [] : [languageFont(remote, remoteEntry, language)])];
    const rendered = await renderPage({
      template,
      path,
      site,
      remoteEntry,
      queries: queries[english] ?? [],
      ...assets[english],
      fonts,
      origin: publicUrl,
    });
    const seo = PAGE_SEO[path];
    const html = seo && publicUrl ? injectHead(rendered, seo(site, publicUrl)) : rendered;
    pages.push({ path, file, html, entry: { file: `prerendered/${file}`, remote, remoteEntry, ...assets[english], fonts } });
  }
  return pages;
}

export async function prerender() {
  const contracts = await import(pathToFileURL(join(ROOT, 'packages/contracts/dist/index.js')).href);
  const site = await siteConfig(contracts);
  const bundle = await import(pathToFileURL(join(ROOT, 'shell/dist-prerender/render.js')).href);
  const template = await paintFirstTemplate(readFileSync(join(ROOT, 'shell/dist/index.html'), 'utf8'));
  const outDir = join(ROOT, 'shell/dist/prerendered');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'template.html'), template);
  const publicUrl = process.env.PUBLIC_URL || undefined;
  if (publicUrl) log(`the landing and party pages' head tags name ${publicUrl}`);
  const pages = {};
  const queries = await pageQueries(contracts);
  for (const { path, file, html, entry } of await renderPages({ contracts, bundle, site, template, publicUrl, queries })) {
    mkdirSync(dirname(join(outDir, file)), { recursive: true });
    writeFileSync(join(outDir, file), html);
    pages[path] = entry;
    log(`pre-rendered ${path} -> shell/dist/prerendered/${file}`);
  }
  // The pages, their template and the loader, compressed as the Vite builds compress theirs.
  await precompressTree(outDir);
  const assets = join(ROOT, 'shell/dist/assets');
  for (const file of readdirSync(assets).filter((f) => /^boot-\w+\.js$/.test(f))) await precompressFile(join(assets, file));
  writeFileSync(
    join(ROOT, 'shell/dist-prerender/pages.json'),
    `${JSON.stringify({ template: 'prerendered/template.html', pages }, null, 2)}\n`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await prerender();
}
