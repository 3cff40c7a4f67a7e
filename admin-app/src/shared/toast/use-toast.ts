import { App } from 'antd';
import { useMemo } from 'react';

export interface Toast {
  success(title: string, description?: string): void;
  error(title: string, description?: string): void;
  /** Nothing went wrong, there was just nothing to do (an empty export). */
  info(title: string, description?: string): void;
}

/** The product's toasts (a title and an optional description), through antd's notification. */
export function useToast(): Toast {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title, description) => notification.success({ title, description }),
      error: (title, description) => notification.error({ title, description }),
      info: (title, description) => notification.info({ title, description }),
    }),
    [notification],
  );
}
