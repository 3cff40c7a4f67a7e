import { Button } from 'antd';
import { useNavigate } from '@festival/router';
import { useState } from 'react';
import { flushDeviceData } from '#shared/api/device-data.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useLogout } from '../api/logout';

/** What the staff member is asked when check-ins made offline could not be sent before signing out. */
export const discardQuestion = (unsent: number): string =>
  `${unsent === 1 ? '1 check-in made offline' : `${unsent} check-ins made offline`} could not be sent (no connection to the server). ` +
  `Signing out removes ${unsent === 1 ? 'it' : 'them'} from this phone for good. Sign out anyway?`;

/**
 * Ends the staff session and returns to the login page. First, what the device still holds for
 * working offline (the door's queue) is sent; what cannot be is discarded only if the staff
 * member agrees.
 */
export function LogoutButton({ ghost = true, size = 'large' }: { ghost?: boolean; size?: 'small' | 'middle' | 'large' }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const toast = useToast();
  const [sending, setSending] = useState(false);
  const signOut = async () => {
    setSending(true);
    try {
      const { unsent } = await flushDeviceData();
      if (unsent > 0) {
        if (!window.confirm(discardQuestion(unsent))) return;
        // The network may have come back while the question was on screen: one more try.
        await flushDeviceData();
      }
    } finally {
      setSending(false);
    }
    logout.mutate(undefined, {
      onSuccess: () => navigate('/admin/login', { replace: true }),
      onError: () => toast.error('Error', 'Failed to log out. Please check the connection and try again.'),
    });
  };
  return (
    <Button ghost={ghost} size={size} loading={sending || logout.isPending} onClick={() => void signOut()}>
      Logout
    </Button>
  );
}
