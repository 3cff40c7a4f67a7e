import { QueryClientProvider, type QueryClient } from '@festival/query';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect } from 'react';
import { languageOfPath, routeLanguages, routePaths, routerPath, SITE_ROUTES, type SiteRoute } from '@festival/contracts';
import { Route, Routes, useLocation } from '@festival/router';
import { RemoteLoaderContext, type RemoteLoader } from './remote-loader';
import { RemoteRoute } from './remote-route';

// The 404 page, with its words in the path's language (its own Lingui and catalogue): a chunk of
// its own, loaded only on a 404, so the shell every page loads (`/` among them) carries no Lingui.
const NotFound = lazy(() => import('./not-found-page'));

function NotFoundPage() {
  const language = languageOfPath(useLocation().pathname);
  return (
    <Suspense>
      <NotFound language={language} />
    </Suspense>
  );
}

/** A path of the site's route table draws its remote; any other below the remote's mount is the 404 page. */
function SitePage({ route }: { route: SiteRoute }) {
  const { pathname } = useLocation();
  return routePaths(route).includes(pathname) ? <RemoteRoute name={route.remote} /> : <NotFoundPage />;
}

/** Keeps `<html lang>` the language of the page's path (`/hi/drinks` is `hi`); the pre-render writes it first. */
function DocumentLanguage() {
  const language = languageOfPath(useLocation().pathname);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return null;
}

/**
 * The shell's routes, from the site's route table: which remote renders which path, in each
 * of the route's languages (`/drinks`, `/hi/drinks`, `/ta/drinks`).
 */
export function AppRoutes() {
  return (
    <>
      <DocumentLanguage />
      <Routes>
        {SITE_ROUTES.flatMap((route) =>
          routeLanguages(route).map((language) => (
            <Route key={routerPath(route, language)} path={routerPath(route, language)} element={<SitePage route={route} />} />
          )),
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </>
  );
}

interface AppProps {
  queryClient: QueryClient;
  loadRemote: RemoteLoader;
  /** The router: BrowserRouter in the browser, a MemoryRouter at the given path when pre-rendering. */
  router: (routes: ReactNode) => ReactNode;
}

/**
 * The whole page. The browser and the pre-render build render this same tree (only the router
 * and the way remotes load differ), so the pre-rendered HTML hydrates without a mismatch.
 */
export function App({ queryClient, loadRemote, router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <RemoteLoaderContext value={loadRemote}>{router(<AppRoutes />)}</RemoteLoaderContext>
    </QueryClientProvider>
  );
}
