import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import { useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ToastRegion, toastConfig } from '../toast/toast-region';
import { TooltipDelayProvider } from '../components/tooltip-delay';
import { adminTheme } from './admin-theme';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeToMotionPreference(onChange: () => void) {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/** Whether the device asks for less motion (a setting of the phone or the computer). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotionPreference,
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
    () => false,
  );
}

/** antd's dialogs, drawers and menus open without their fade and zoom when less motion is asked for. */
const stillTheme: ThemeConfig = { ...adminTheme, token: { ...adminTheme.token, motion: false } };

/** The theme, the toasts and the tooltips' timing every admin page renders in. */
export function AdminThemeProvider({ children }: { children: ReactNode }) {
  const toastRegion = useRef<HTMLElement>(null);
  const [notification] = useState(() => toastConfig(toastRegion));
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider theme={reducedMotion ? stillTheme : adminTheme}>
      <AntApp notification={notification}>
        <TooltipDelayProvider>{children}</TooltipDelayProvider>
        <ToastRegion ref={toastRegion} />
      </AntApp>
    </ConfigProvider>
  );
}
