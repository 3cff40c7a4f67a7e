import { App as AntApp, ConfigProvider } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { ToastRegion, toastConfig } from '../toast/toast-region';
import { TooltipDelayProvider } from '../components/tooltip-delay';
import { adminTheme } from './admin-theme';

/** The theme, the toasts and the tooltips' timing every admin page renders in. */
export function AdminThemeProvider({ children }: { children: ReactNode }) {
  const toastRegion = useRef<HTMLElement>(null);
  const [notification] = useState(() => toastConfig(toastRegion));
  return (
    <ConfigProvider theme={adminTheme}>
      <AntApp notification={notification}>
        <TooltipDelayProvider>{children}</TooltipDelayProvider>
        <ToastRegion ref={toastRegion} />
      </AntApp>
    </ConfigProvider>
  );
}
