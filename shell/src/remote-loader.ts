import { createContext } from 'react';
import type { ComponentType } from 'react';
import type { RemoteName } from '@festival/contracts';

/** Loads one remote's App; `fresh` asks for a new attempt after a failure. */
export type RemoteLoader = (name: RemoteName, fresh: boolean) => Promise<{ default: ComponentType }>;

/**
 * How the routes get a remote's App: through Module Federation in the browser, straight from
 * the remote's sources in the pre-render build (see src/prerender/render.tsx).
 */
export const RemoteLoaderContext = createContext<RemoteLoader | null>(null);
