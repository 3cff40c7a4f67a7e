import { Button } from 'antd';
import { useNavigate } from '@festival/router';
import { useToast } from '../../../shared/toast/use-toast';
import { useLogout } from '../api/logout';

/** Ends the staff session and returns to the login page. */
export function LogoutButton({ ghost = true, size = 'large' }: { ghost?: boolean; size?: 'small' | 'middle' | 'large' }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <Button
      ghost={ghost}
      size={size}
      loading={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onSuccess: () => navigate('/admin/login', { replace: true }),
          onError: () => toast.error('Error', 'Failed to log out. Please check the connection and try again.'),
        })
      }
    >
      Logout
    </Button>
  );
}
