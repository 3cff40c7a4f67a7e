import type { ReactNode } from 'react';

/**
 * A wide table on a narrow screen: it scrolls sideways inside its card, and the scrolling box
 * can take the keyboard focus so the arrow keys scroll it too.
 */
export function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto', outlineOffset: 2 }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
