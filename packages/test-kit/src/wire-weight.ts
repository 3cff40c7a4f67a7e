/**
 * What a page costs on the wire, as Chromium itself counts it: the e2e page-weight budgets
 * (e2e/tests/budgets.spec.ts) and the page-weight benchmark (bench/page-weight.mjs) feed this
 * log with two events of the DevTools protocol's Network domain, on a session attached to the
 * page:
 *
 * - `Network.responseReceived`: the response's URL, status, resource type, headers, and
 *   `response.encodedDataLength`, the bytes received for the request so far, which at that
 *   moment are the status line and the headers;
 * - `Network.loadingFinished`: `encodedDataLength`, every byte received for the request,
 *   headers included.
 *
 * A file's weight is its body as it travelled: the second figure minus the first, so the
 * compressed bytes when the server sent a compressed copy (Content-Encoding br or gzip), the file
 * itself otherwise. The headers are kept apart (`headerBytes`): they depend on the server in
 * front (nginx adds its own) more than on the page, and the budgets are about the page.
 */

/**
 * Page-weight budgets: the most script each page may download, as it travels (KiB of bodies,
 * compressed as the server sent them), until the network is idle. Enforced by
 * e2e/tests/budgets.spec.ts (embedded server and nginx alike) and reported by
 * bench/page-weight.mjs. `/admin/door` is loaded signed in as staff.
 */
export const SCRIPT_BUDGETS_KIB: Readonly<Record<string, number>> = {
  '/': 125,
  // The landing page in Hindi and Tamil: the same budget, their catalogue in place of English's.
  '/hi/': 125,
  '/ta/': 125,
  '/drinks': 130,
  // The drinks pages in Hindi and Tamil: the same budget, their catalogue in place of English's.
  '/hi/drinks': 130,
  '/ta/drinks': 130,
  '/diwali-party': 150,
  '/hi/diwali-party': 150,
  '/ta/diwali-party': 150,
  '/admin/login': 260,
  '/admin/door': 250,
};

/** Where the guests' pages should get to: reported by the benchmark, not enforced. */
export const SCRIPT_GOALS_KIB: Readonly<Record<string, number>> = { '/': 110, '/drinks': 115 };

/** The resource types whose bodies are text the servers must send compressed. */
export const TEXT_RESOURCE_TYPES = ['Document', 'Script', 'Stylesheet'] as const;

/**
 * Bodies up to this size may go uncompressed: the build writes no compressed copy of them and
 * the API compresses nothing under 1 KB (scripts/precompress.mjs, api/src/common/response-compression.ts).
 */
export const UNCOMPRESSED_ALLOWANCE_BYTES = 1024;

/** One response the page received, finished. */
export interface WireFile {
  url: string;
  /** The DevTools resource type: Document, Script, Stylesheet, Font, Image, Fetch... */
  type: string;
  status: number;
  /** Content-Encoding, when the body was sent compressed. */
  encoding?: string;
  /** The body's bytes as they travelled (compressed when encoded). */
  bodyBytes: number;
  /** The status line's and the headers' bytes. */
  headerBytes: number;
  /** The Content-Length header, when the server sent one. */
  contentLength?: number;
}

/** The part of `Network.responseReceived` the log reads. */
export interface ResponseReceivedEvent {
  requestId: string;
  type: string;
  response: { url: string; status: number; headers: Record<string, string>; encodedDataLength: number };
}

/** The part of `Network.loadingFinished` the log reads. */
export interface LoadingFinishedEvent {
  requestId: string;
  encodedDataLength: number;
}

/** Collects the finished responses of one page load (see the module's comment). */
export class WireLog {
  private readonly received = new Map<string, ResponseReceivedEvent>();
  private readonly pending = new Set<string>();
  readonly files: WireFile[] = [];

  /**
   * Follows a page's network through its DevTools session (Playwright's CDPSession): the four
   * events below, from the moment `Network.enable` has answered.
   */
  async listenTo(cdp: {
    on(event: 'Network.requestWillBeSent', listener: (event: { requestId: string }) => void): unknown;
    on(event: 'Network.responseReceived', listener: (event: ResponseReceivedEvent) => void): unknown;
    on(event: 'Network.loadingFinished', listener: (event: LoadingFinishedEvent) => void): unknown;
    on(event: 'Network.loadingFailed', listener: (event: { requestId: string }) => void): unknown;
    send(method: 'Network.enable'): Promise<unknown>;
  }): Promise<void> {
    cdp.on('Network.requestWillBeSent', (event) => this.requestWillBeSent(event));
    cdp.on('Network.responseReceived', (event) => this.responseReceived(event));
    cdp.on('Network.loadingFinished', (event) => this.loadingFinished(event));
    cdp.on('Network.loadingFailed', (event) => this.loadingFailed(event));
    await cdp.send('Network.enable');
  }

  /** `Network.requestWillBeSent`: a request in flight until it finishes or fails. */
  requestWillBeSent(event: { requestId: string }): void {
    this.pending.add(event.requestId);
  }

  /** `Network.loadingFailed`: a request that ended without a body. */
  loadingFailed(event: { requestId: string }): void {
    this.pending.delete(event.requestId);
    this.received.delete(event.requestId);
  }

  /** The requests sent and not yet finished. */
  get inFlight(): number {
    return this.pending.size;
  }

  responseReceived(event: ResponseReceivedEvent): void {
    this.received.set(event.requestId, event);
  }

  loadingFinished(event: LoadingFinishedEvent): void {
    this.pending.delete(event.requestId);
    const received = this.received.get(event.requestId);
    if (!received) return;
    this.received.delete(event.requestId);
    const headers = Object.fromEntries(Object.entries(received.response.headers).map(([name, value]) => [name.toLowerCase(), value]));
    const headerBytes = received.response.encodedDataLength;
    const length = headers['content-length'];
    this.files.push({
      url: received.response.url,
      type: received.type,
      status: received.response.status,
      encoding: headers['content-encoding'] || undefined,
      bodyBytes: Math.max(0, event.encodedDataLength - headerBytes),
      headerBytes,
      contentLength: length === undefined ? undefined : Number(length),
    });
  }

  /** The finished responses of the given resource types. */
  ofType(...types: string[]): WireFile[] {
    return this.files.filter((file) => types.includes(file.type));
  }
}

/**
 * Resolves once the log has seen no request in flight for `quietMs` (the page's own idea of
 * "network idle", which a page that starts its scripts after it has been painted reaches once
 * before they start, is not enough).
 */
export async function networkQuiet(log: WireLog, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() - started > timeoutMs) throw new Error(`The network was not quiet for ${quietMs} ms within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (log.inFlight > 0) quietSince = Date.now();
  }
}

/** The sum of the files' bodies as they travelled. */
export const wireBodyBytes = (files: WireFile[]): number => files.reduce((sum, file) => sum + file.bodyBytes, 0);

/**
 * The text responses (documents, scripts, stylesheets) that came uncompressed although they are
 * larger than UNCOMPRESSED_ALLOWANCE_BYTES: none, when both servers do their work.
 */
export function uncompressedTextFiles(files: WireFile[]): WireFile[] {
  return files.filter(
    (file) =>
      (TEXT_RESOURCE_TYPES as readonly string[]).includes(file.type) &&
      file.status === 200 &&
      !['br', 'gzip'].includes(file.encoding ?? '') &&
      file.bodyBytes > UNCOMPRESSED_ALLOWANCE_BYTES,
  );
}
