/**
 * Errors that mean "the database cannot serve this right now" rather than "this request is
 * wrong": the server is stopped or restarting, a pooled connection was cut, it is full, or the
 * transaction lost a deadlock or a lock wait (on SQLite: another process held the file locked
 * too long). The HTTP layer answers them with a 503
 * the caller may retry; the connection pool reconnects on its own once the server is back.
 */
const UNAVAILABLE_CODES = new Set([
  // The socket: refused, reset, cut or timed out.
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // mysql2: the server closed the connection, or a query was queued on a connection that died.
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  // MySQL/MariaDB server answers while shutting down, restarting or full.
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_SERVER_GONE_ERROR',
  'CR_SERVER_GONE_ERROR',
  'CR_SERVER_LOST',
  'CR_CONNECTION_ERROR',
  'CR_CONN_HOST_ERROR',
  // MySQL/MariaDB chose this transaction as a deadlock's victim, or its lock wait timed out:
  // the transaction was rolled back whole, so nothing changed and the request can be repeated.
  'ER_LOCK_DEADLOCK',
  'ER_LOCK_WAIT_TIMEOUT',
  // SQLite: another process held the write lock past the busy timeout.
  'SQLITE_BUSY',
]);

/** MySQL error numbers of the same cases, for drivers that give only the number. */
const UNAVAILABLE_ERRNOS = new Set([1040, 1053, 1203, 1205, 1213, 1927, 2002, 2003, 2006, 2013]);

function codesOf(error: unknown, depth = 0): { code?: unknown; errno?: unknown }[] {
  if (!error || typeof error !== 'object' || depth > 3) return [];
  const e = error as { code?: unknown; errno?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  const nested = [e.driverError, e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  return [{ code: e.code, errno: e.errno }, ...nested.flatMap((n) => codesOf(n, depth + 1))];
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return codesOf(error).some(
    ({ code, errno }) =>
      (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) || (typeof errno === 'number' && UNAVAILABLE_ERRNOS.has(errno)),
  );
}

/** What a caller reads when the database is briefly out of reach. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
/** Seconds a caller should wait before trying again (the Retry-After header). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
