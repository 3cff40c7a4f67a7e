import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** How long a replica serves a hot read without asking the database again (see docs/performance-caching.md). */
export const HOT_READ_TTL_MS = 750;
/** How much longer the previous answer may be given while the next one loads: no answer is older than 1 s. */
export const HOT_READ_STALE_MS = 250;

/** A weak validator of a value's JSON: the same bytes give the same tag on every replica. */
export function weakEtag(value: unknown): string {
  return `W/"${createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 22)}"`;
}

/** A hot read's current answer: the value and the ETag of its JSON. */
export interface HotAnswer<T> {
  value: T;
  /** A weak validator of the JSON body (the same bytes give the same tag on every replica). */
  etag: string;
  expiresAt: number;
  /** Until when it may still be given while its successor loads. */
  staleUntil: number;
}

export interface HotLoad<T> {
  value: T;
  /** When the value stops being true on its own (e.g. a ticket hold lapses), if before the TTL. */
  validUntil?: number;
}

/**
 * An in-process cache of one public read that every page asks for. The answer is loaded from
 * the database at most once per `ttlMs` (concurrent askers share one load), and `invalidate()`,
 * called after a write that changes it has committed, makes the next ask load it again. A load
 * that started before an invalidation is handed to those already waiting for it, never kept: a
 * request that arrives after the write always sees it. The answer is for display only; writes
 * check the database under their lock. The value is shared by every asker: never modify it.
 */
export class HotRead<T> {
  private current: HotAnswer<T> | undefined;
  private loading: { generation: number; promise: Promise<HotAnswer<T>> } | undefined;
  private generation = 0;

  constructor(
    private readonly load: () => Promise<HotLoad<T>>,
    readonly cacheControl: string,
    private readonly ttlMs: number = HOT_READ_TTL_MS,
  ) {}

  /**
   * The answer without waiting, or undefined. Once its time is up (and nothing invalidated it)
   * the previous answer is still given while the new one loads, for at most HOT_READ_STALE_MS
   * (never past a `validUntil`): the askers do not all wait on the database each time.
   */
  peek(now = Date.now()): HotAnswer<T> | undefined {
    const current = this.current;
    if (!current) return undefined;
    if (now < current.expiresAt) return current;
    if (now >= current.staleUntil) return undefined;
    this.get().catch(() => undefined);
    return current;
  }

  get(): Promise<HotAnswer<T>> {
    const now = Date.now();
    const current = this.current;
    if (current && now < current.expiresAt) return Promise.resolve(current);
    if (this.loading && this.loading.generation === this.generation) return this.loading.promise;
    const generation = this.generation;
    const startedAt = Date.now();
    const promise = this.load().then(
      ({ value, validUntil }) => {
        const etag = weakEtag(value);
        const lapses = validUntil ?? Number.POSITIVE_INFINITY;
        const expiresAt = Math.min(startedAt + this.ttlMs, lapses);
        const staleUntil = Math.min(startedAt + this.ttlMs + HOT_READ_STALE_MS, lapses);
        const answer: HotAnswer<T> = { value, etag, expiresAt, staleUntil };
        if (generation === this.generation) this.current = answer;
        if (this.loading?.promise === promise) this.loading = undefined;
        return answer;
      },
      (error: unknown) => {
        if (this.loading?.promise === promise) this.loading = undefined;
        throw error;
      },
    );
    this.loading = { generation, promise };
    return promise;
  }

  async value(): Promise<T> {
    return (await this.get()).value;
  }

  /** After a committed write that changes this answer: the next ask reads the database. */
  invalidate(): void {
    this.generation += 1;
    this.current = undefined;
  }
}

/**
 * A controller's answer to a hot read: the cached value (a slightly stale one while the next
 * loads, see HotRead.peek) with its Cache-Control and ETag. Express answers a request whose
 * `If-None-Match` names that ETag with 304 and no body.
 */
export async function answerHotRead<T>(read: HotRead<T>, res: Pick<Response, 'setHeader'>): Promise<T> {
  const answer = read.peek() ?? (await read.get());
  res.setHeader('Cache-Control', read.cacheControl);
  res.setHeader('ETag', answer.etag);
  return answer.value;
}

/**
 * A read for one caller that a page polls (the guest's order status, their tab): loaded fresh
 * each time, after the caller was checked, and answered with the ETag of its JSON. A browser
 * that revalidates (`no-cache`) gets 304 and no body while nothing changed, from any replica.
 */
export function answerWithEtag<T>(value: T, res: Pick<Response, 'setHeader'>, cacheControl = 'private, no-cache'): T {
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', weakEtag(value));
  return value;
}
