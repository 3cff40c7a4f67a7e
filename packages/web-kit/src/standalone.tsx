import { QueryClientProvider } from '@festival/query';
import { StrictMode, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { findSiteRoute, routePaths, routerPath, SITE_ROUTES, type RemoteName, type SiteRoute } from '@festival/contracts';
import { BrowserRouter, Route, Routes, useLocation } from '@festival/router';
import { createQueryClient } from './query-client';

/**
 * Mounts a remote's App on its own, for its team's `npm run dev`, wrapped the way the shell
 * wraps it (router and query client), at the remote's pages of the site's route table.
 */
export function mountStandalone(App: ComponentType, remote: RemoteName): void {
  const routes = SITE_ROUTES.filter((route: SiteRoute) => route.remote === remote);
  function Page() {
    const { pathname } = useLocation();
    if (findSiteRoute(pathname)?.remote === remote) return <App />;
    return <p>This remote serves {routes.flatMap(routePaths).join(', ')} only.</p>;
  }
  function Root() {
    const [queryClient] = useState(createQueryClient);
    return (
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Routes>
            {routes.map((route) => (
              <Route key={route.path} path={routerPath(route)} element={<Page />} />
            ))}
            <Route path="*" element={<Page />} />
          </Routes>
        </BrowserRouter>
      </QueryClientProvider>
    );
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
