import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { parseRemotesManifest, type RemoteName, type RemotesManifest } from '@festival/contracts';
import type { ComponentType } from 'react';

let manifest: Promise<RemotesManifest> | undefined;

async function fetchManifest(): Promise<RemotesManifest> {
  const res = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!res.ok) throw new Error(`The remotes manifest answered ${res.status}`);
  const parsed = parseRemotesManifest(await res.json());
  registerRemotes(
    (Object.keys(parsed) as RemoteName[]).map((name) => ({
      name,
      entry: new URL(parsed[name], window.location.href).href,
      type: 'module',
    })),
    { force: true },
  );
  return parsed;
}

/**
 * The remote URLs of `/remotes.json`, fetched once (and the remotes registered with them);
 * `fresh` fetches them again. A failed fetch is forgotten, so the next call tries again.
 */
export function remotesManifest(fresh = false): Promise<RemotesManifest> {
  if (fresh || !manifest) {
    const pending = fetchManifest();
    manifest = pending;
    pending.catch(() => {
      if (manifest === pending) manifest = undefined;
    });
  }
  return manifest;
}

/**
 * Loads a remote's `./App` through Module Federation, reading the remote URLs at run time so
 * that a remote is redeployed by editing `/remotes.json`, never by rebuilding the shell.
 * `fresh` drops what a failed attempt left behind so Retry really tries again.
 */
export async function loadRemoteApp(name: RemoteName, fresh = false): Promise<{ default: ComponentType }> {
  await remotesManifest(fresh);
  const mod = await loadRemote<{ default: ComponentType }>(`${name}/App`);
  if (!mod?.default) throw new Error(`The ${name} remote did not provide an App`);
  return mod;
}
