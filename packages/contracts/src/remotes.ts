/** The three remotes the shell composes, by their federation names. */
export const REMOTE_NAMES = ['public_site', 'drinks_app', 'admin_app'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * The runtime manifest served at `/remotes.json`: for each remote, the URL of its
 * `remoteEntry.js`. Editing one entry redeploys one remote without rebuilding the shell.
 */
export type RemotesManifest = Record<RemoteName, string>;

export const DEFAULT_REMOTES_MANIFEST: RemotesManifest = {
  public_site: '/remotes/public-site/remoteEntry.js',
  drinks_app: '/remotes/drinks-app/remoteEntry.js',
  admin_app: '/remotes/admin-app/remoteEntry.js',
};

/**
 * Checks a parsed `/remotes.json`. Written without zod on purpose: the shell runs it on every
 * page, and a schema library would double the shell's own code.
 */
export function parseRemotesManifest(value: unknown): RemotesManifest {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('The remotes manifest must be a JSON object');
  }
  const record = value as Record<string, unknown>;
  const problems = REMOTE_NAMES.filter((name) => typeof record[name] !== 'string' || (record[name] as string).length === 0);
  if (problems.length > 0) throw new Error(`The remotes manifest has no URL for ${problems.join(', ')}`);
  return Object.fromEntries(REMOTE_NAMES.map((name) => [name, record[name]])) as RemotesManifest;
}
