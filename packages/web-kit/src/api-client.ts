import { LANGUAGES, type Language } from '@festival/contracts';

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

  private field(name: 'message' | 'code'): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === 'object' && typeof (parsed as Record<string, unknown>)[name] === 'string') {
        return (parsed as Record<string, string>)[name];
      }
    } catch {
      // not JSON
    }
    return undefined;
  }
}

/**
 * The page's language (`<html lang>`, which the shell keeps in step with the path) as the
 * language of the API's answers: its refusals come in the page's words, whatever the browser
 * prefers (docs/languages.md). Nothing outside a page (no document) or in another language.
 */
function pageLanguage(): Language | undefined {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : undefined;
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
  const language = pageLanguage();
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
