import { ApiError } from '@festival/web-kit/api-client';

/** The server's `{ message }` of a failed call, or `fallback` (network failures, other errors). */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}
