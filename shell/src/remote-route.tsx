import { lazy, Suspense, useMemo, useState } from 'react';
import type { RemoteName } from '@festival/contracts';
import { RemoteBoundary } from './remote-boundary';
import { loadRemoteApp } from './remotes';

function Loading() {
  return (
    <div className="shell-loading" role="status" aria-live="polite">
      <span className="shell-spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

/** Renders one remote's App, lazily loaded, inside an error boundary with Retry. */
export function RemoteRoute({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const RemoteApp = useMemo(() => lazy(() => loadRemoteApp(name, attempt > 0)), [name, attempt]);
  return (
    <RemoteBoundary key={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Loading />}>
        <RemoteApp />
      </Suspense>
    </RemoteBoundary>
  );
}
