import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { rootCertificates } from 'node:tls';

/**
 * Starts a long-running process, echoing its output when E2E_VERBOSE is set, and writing all of it
 * to `logPath` when given.
 */
export function startProcess(
  name: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  logPath?: string,
): ChildProcess {
  const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const log = logPath ? createWriteStream(logPath) : null;
  child.on('exit', () => log?.end());
  const keep = (chunk: Buffer) => {
    log?.write(chunk);
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
    if (process.env.E2E_VERBOSE) process.stdout.write(`[${name}] ${chunk}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGKILL') {
      console.error(`[${name}] exited with ${code ?? signal}:\n${output.join('')}`);
    }
  });
  return child;
}

/** The status of a GET of `url`; over HTTPS trusting `ca` (a PEM certificate) besides the usual roots. */
function statusOf(url: string, ca?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const options = url.startsWith('https:') && ca ? { ca: [...rootCertificates, ca] } : {};
    const request = (url.startsWith('https:') ? httpsGet : httpGet)(url, options, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on('error', reject);
  });
}

/** Waits until `url` answers 2xx; an HTTPS `url` may be served with the certificate `ca`. */
export async function waitForHttp(url: string, timeoutMs = 30_000, { ca }: { ca?: string } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const status = await statusOf(url, ca);
      if (status >= 200 && status < 300) return;
      lastError = new Error(`${url} answered ${status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out waiting for ${url}: ${String(lastError)}`);
}

export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
