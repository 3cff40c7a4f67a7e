import { lazy, Suspense, use, useMemo, useState } from 'react';
import type { RemoteName } from '@festival/contracts';
import { PageLoading } from '@festival/web-kit/page-loading';
import { RemoteBoundary } from './remote-boundary';
import { RemoteLoaderContext } from './remote-loader';

/**
 * Renders one remote's App, lazily loaded, inside an error boundary with Retry. On a
 * pre-rendered page the Suspense boundary keeps the server's HTML on screen until the remote
 * has arrived, then hydrates it.
 */
export function RemoteRoute({ name }: { name: RemoteName }) {
  const loadRemote = use(RemoteLoaderContext);
  if (!loadRemote) throw new Error('RemoteRoute needs a RemoteLoaderContext');
  const [attempt, setAttempt] = useState(0);
  const RemoteApp = useMemo(() => lazy(() => loadRemote(name, attempt > 0)), [loadRemote, name, attempt]);
  return (
    <RemoteBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<PageLoading />}>
        <RemoteApp />
      </Suspense>
    </RemoteBoundary>
  );
}
