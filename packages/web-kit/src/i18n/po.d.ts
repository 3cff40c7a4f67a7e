/** A message catalogue, compiled on import (lingui.vite.ts in the builds, po-transform.cjs in Jest). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
