/** A non-success response: `message` is `<status>: <body text>` (or the status text). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{ message }`, when the body is the API's JSON error. */
  get serverMessage(): string | undefined {
    return this.field('message');
  }

  /**
   * The code of a refusal the server translated (`{ message, code }`, docs/languages.md): what a
   * page matches to tell refusals apart in any language. English answers carry the message alone.
   */
  get serverCode(): string | undefined {
    return this.field('code');
  }

  private field(name: string): string | undefined {
    try {
      const value: unknown = (JSON.parse(this.body) as Record<string, unknown> | null)?.[name];
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined; // not JSON
    }
  }
}

/**
 * The call never reached the API: no network (fetch's TypeError), a timeout (`AbortSignal.timeout`),
 * or nginx answering for an API it could not reach (502, 503, 504).
 */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 503 || error.status === 504;
  return error instanceof TypeError || (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'));
}

/**
 * Every call includes credentials (cookies) and the page's language, and throws ApiError on a non-success answer. `signal`
 * ends a call that takes too long (the door page gives up on a dead Wi-Fi and works offline).
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<T> {
  // The page's language (`<html lang>`, which the shell keeps in step with the path): the API
  // answers in it, whatever the browser prefers (docs/languages.md).
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  const res = await fetch(path, {
    method,
    signal,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(language ? { 'Accept-Language': language } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const apiGet = <T>(path: string, headers?: Record<string, string>): Promise<T> => apiRequest<T>('GET', path, undefined, headers);
export const apiPost = <T>(path: string, body?: unknown): Promise<T> => apiRequest<T>('POST', path, body ?? {});
export const apiPatch = <T>(path: string, body: unknown): Promise<T> => apiRequest<T>('PATCH', path, body);
export const apiPut = <T>(path: string, body: unknown): Promise<T> => apiRequest<T>('PUT', path, body);
export const apiDelete = <T>(path: string): Promise<T> => apiRequest<T>('DELETE', path);
