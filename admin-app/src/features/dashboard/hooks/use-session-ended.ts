import { useEffect } from 'react';
import { useNavigate } from '@festival/router';
import { ApiError } from '@festival/web-kit/api-client';

/** Whether a failed call means the staff session has ended (expired, or logged out elsewhere). */
export const isSessionEnded = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/** Goes to the login page as soon as any of the dashboard's calls answers 401. */
export function useLoginWhenSessionEnds(errors: readonly unknown[]): void {
  const navigate = useNavigate();
  const ended = errors.some(isSessionEnded);
  useEffect(() => {
    if (ended) navigate('/admin/login', { replace: true });
  }, [ended, navigate]);
}
