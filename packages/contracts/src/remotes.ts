import { z } from 'zod';

/** The three remotes the shell composes, by their federation names. */
export const REMOTE_NAMES = ['public_site', 'drinks_app', 'admin_app'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * The runtime manifest served at `/remotes.json`: for each remote, the URL of its
 * `remoteEntry.js`. Editing one entry redeploys one remote without rebuilding the shell.
 */
export const remotesManifestSchema = z.object({
  public_site: z.string().min(1),
  drinks_app: z.string().min(1),
  admin_app: z.string().min(1),
});
export type RemotesManifest = z.infer<typeof remotesManifestSchema>;

export const DEFAULT_REMOTES_MANIFEST: RemotesManifest = {
  public_site: '/remotes/public-site/remoteEntry.js',
  drinks_app: '/remotes/drinks-app/remoteEntry.js',
  admin_app: '/remotes/admin-app/remoteEntry.js',
};
