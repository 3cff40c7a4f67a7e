import './placeholder.css';
import type { ReactNode } from 'react';

/**
 * A value from the site configuration, or a shimmering placeholder of about its width while
 * the configuration loads (a still one if it failed to load).
 */
export function Slot({ value, width = '8ch', failed = false }: { value: ReactNode | undefined; width?: string; failed?: boolean }) {
  if (value !== undefined) return <>{value}</>;
  return <span className={`lp-skeleton${failed ? ' lp-skeleton--still' : ''}`} style={{ width }} aria-hidden="true" />;
}
