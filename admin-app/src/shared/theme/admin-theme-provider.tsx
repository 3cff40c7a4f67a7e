import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { adminTheme } from './admin-theme';

/** Toasts: one at a time, 5 seconds, bottom right. */
const NOTIFICATIONS = { maxCount: 1, duration: 5, placement: 'bottomRight' } as const;

/** The theme and the toast context every admin page renders in. */
export function AdminThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={adminTheme}>
      <AntApp notification={NOTIFICATIONS} message={{ maxCount: 1 }}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
