import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

// The timing lives apart from the tooltip itself: every staff page renders the provider, and
// antd's Tooltip (about 16 KB on the wire) loads only with the pages that show tooltips.

/** A tooltip opens once the pointer has rested this long on its element. */
export const TOOLTIP_DELAY_MS = 700;
/** Within this long after a tooltip closed, the next one opens at once (moving along a row of them). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

interface TooltipDelay {
  /** The wait before a tooltip opens now: the full delay, or none just after another one. */
  delayMs: number;
  onOpenChange(open: boolean): void;
}

export const TooltipDelayContext = createContext<TooltipDelay>({ delayMs: TOOLTIP_DELAY_MS, onOpenChange: () => {} });

/** The timing every tooltip of the staff area shares. */
export function TooltipDelayProvider({ children }: { children: ReactNode }) {
  const [skipping, setSkipping] = useState(false);
  const skipEnds = useRef<ReturnType<typeof setTimeout>>(undefined);
  const onOpenChange = useCallback((open: boolean) => {
    clearTimeout(skipEnds.current);
    if (open) setSkipping(true);
    else skipEnds.current = setTimeout(() => setSkipping(false), TOOLTIP_SKIP_DELAY_MS);
  }, []);
  useEffect(() => () => clearTimeout(skipEnds.current), []);
  const value = useMemo(() => ({ delayMs: skipping ? 0 : TOOLTIP_DELAY_MS, onOpenChange }), [skipping, onOpenChange]);
  return <TooltipDelayContext.Provider value={value}>{children}</TooltipDelayContext.Provider>;
}
