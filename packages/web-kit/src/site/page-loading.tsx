import './page-loading.css';
import '../theme/visually-hidden.css';

/**
 * While a page's code and texts load: a spinner, its words for screen readers only. The page's
 * language may not be loaded yet, so nothing English shows on `/hi/…` or `/ta/…`. The shell
 * shows it while a remote loads, and a remote while one of its lazy pages does: the same
 * element, so nothing moves when one takes over from the other.
 */
export function PageLoading() {
  return (
    <main className="page-loading" aria-busy="true">
      <p className="page-loading__spinner" role="status">
        <span className="visually-hidden">Loading…</span>
      </p>
    </main>
  );
}
