import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@festival/router';
import { createQueryClient } from '@festival/web-kit/query-client';
import { pageDataOfThisPath } from '@festival/web-kit/hydration';
import { App } from './app';
import { SITE_QUERY_KEY, type PageData } from './prerender/page-data';
import { loadRemoteApp, remotesManifest } from './remotes';
import '@festival/web-kit/palette.css';
import './shell.css';

const root = document.getElementById('root')!;
const queryClient = createQueryClient();
const browserRouter = (routes: ReactNode) => <BrowserRouter>{routes}</BrowserRouter>;
const page = (
  <StrictMode>
    <App queryClient={queryClient} loadRemote={loadRemoteApp} router={browserRouter} />
  </StrictMode>
);

/** The data of a page pre-rendered at build (or serve) time, when this is such a page. */
function prerenderedPageData(): PageData | undefined {
  return root.firstChild === null ? undefined : pageDataOfThisPath<PageData>();
}

function render(): void {
  root.replaceChildren();
  createRoot(root).render(page);
}

function hydrate(data: PageData): void {
  // Hydrate with the configuration the HTML was rendered with, so the first render matches it
  // exactly; marked stale, the page then fetches the current one and updates in place.
  queryClient.setQueryData(SITE_QUERY_KEY, data.site);
  void queryClient.invalidateQueries({ queryKey: SITE_QUERY_KEY, refetchType: 'none' });
  // The page's own queries (a policy's text) likewise: shown as rendered, then fetched afresh.
  for (const { key, data: answer } of data.queries ?? []) {
    queryClient.setQueryData(key, answer);
    void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
  void loadRemoteApp(data.remote).catch(() => undefined);
  hydrateRoot(root, page, {
    // A mismatch makes React re-render part of the page on the client: report it loudly.
    onRecoverableError(error, info) {
      console.error('The pre-rendered page did not hydrate cleanly', error, info.componentStack);
    },
  });
}

const prerendered = prerenderedPageData();
if (!prerendered) {
  render();
} else {
  // The HTML goes with one build of its remote: hydrate it only if /remotes.json still points
  // at that build (it is fetched for the remote anyway), else render the page afresh.
  const renderedFrom = new URL(prerendered.remoteEntry, window.location.href).href;
  remotesManifest().then(
    (manifest) => (new URL(manifest[prerendered.remote], window.location.href).href === renderedFrom ? hydrate(prerendered) : render()),
    render,
  );
}
