import { QueryClientProvider } from '@festival/query';
import { StrictMode, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@festival/router';
import { createQueryClient } from './query-client';

/**
 * Mounts a remote's App on its own, for its team's `npm run dev`, wrapped the way the shell
 * wraps it (router and query client), under the same route paths.
 */
export function mountStandalone(App: ComponentType, paths: string[]): void {
  function Root() {
    const [queryClient] = useState(createQueryClient);
    return (
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <Routes>
            {paths.map((path) => (
              <Route key={path} path={path} element={<App />} />
            ))}
            <Route path="*" element={<p>This remote serves {paths.join(', ')} only.</p>} />
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
