import { useSignOutNotice } from '../api/device-data';
import { Notice } from './panel';

/** After a sign-out: what became of the door's guest list and its check-ins made offline. */
export function SignOutNotice() {
  const notice = useSignOutNotice();
  return notice ? <Notice type={notice.includes('discarded') ? 'warning' : 'info'} title="Signed out" description={notice} /> : null;
}
