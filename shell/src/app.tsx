import { QueryClientProvider, type QueryClient } from '@festival/query';
import type { ReactNode } from 'react';
import { Route, Routes } from '@festival/router';
import { NotFoundPage } from './not-found-page';
import { RemoteLoaderContext, type RemoteLoader } from './remote-loader';
import { RemoteRoute } from './remote-route';

/** The shell's routes: which remote renders which path. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RemoteRoute name="public_site" />} />
      <Route path="/diwali-party" element={<RemoteRoute name="public_site" />} />
      <Route path="/drinks/*" element={<RemoteRoute name="drinks_app" />} />
      <Route path="/admin/*" element={<RemoteRoute name="admin_app" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
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
