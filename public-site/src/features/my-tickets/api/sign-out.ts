import { useMutation, useQueryClient } from '@festival/query';
import { apiPost } from '@festival/web-kit/api-client';
import { MY_TICKETS_KEY } from './my-tickets';

/** `Sign out`: the server ends the session; the page goes back to the link form. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<void>('/api/my-tickets/sign-out'),
    onSuccess: () => queryClient.setQueryData(MY_TICKETS_KEY, null),
  });
}
