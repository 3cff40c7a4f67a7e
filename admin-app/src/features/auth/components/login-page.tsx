import { Button, Flex, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@festival/router';
import { ApiError } from '@festival/web-kit/api-client';
import { isUnauthorized } from '#shared/api/admin-session.ts';
import { Panel } from '#shared/components/panel.tsx';
import { palette } from '#shared/theme/admin-theme.ts';
import { useToast } from '#shared/toast/use-toast.ts';
import { useLogin } from '../api/login';
import { Diya } from '#shared/components/diya.tsx';
import { SignOutNotice } from '#shared/components/sign-out-notice.tsx';

/** /admin/login: the staff's shared password. */
export function LoginPage() {
  const [password, setPassword] = useState('');
  const login = useLogin();
  const navigate = useNavigate();
  const toast = useToast();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password || login.isPending) return;
    login.mutate(
      { password },
      {
        onSuccess: () => navigate('/admin', { replace: true }),
        onError: (error) => {
          if (isUnauthorized(error)) {
            setPassword('');
            toast.error('Access Denied', 'Incorrect password');
          } else if (error instanceof ApiError && error.status === 429) {
            toast.error('Too many attempts', error.serverMessage ?? 'Too many login attempts. Please wait and try again.');
          } else {
            toast.error('Error', 'Failed to authenticate');
          }
        },
      },
    );
  }

  return (
    <main style={{ minHeight: '100vh', background: palette.cream, display: 'grid', placeItems: 'center', padding: 16 }}>
      <Panel style={{ width: '100%', maxWidth: 400, borderTop: `4px solid ${palette.marigold}` }}>
        <form onSubmit={submit} aria-labelledby="admin-login-title">
          <Flex vertical gap={16}>
            <SignOutNotice />
            <Flex vertical align="center" gap={4}>
              <Diya size={44} />
              <h1 id="admin-login-title" style={{ margin: 0, fontSize: 26, fontWeight: 600, color: palette.aubergine }}>
                Admin Access
              </h1>
              <p className="staff-muted">Enter the staff password to open the order dashboard.</p>
            </Flex>
            <Flex vertical gap={6}>
              <label htmlFor="admin-password" style={{ fontWeight: 600 }}>
                Password
              </label>
              <Input.Password
                id="admin-password"
                size="large"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoComplete="current-password"
                autoFocus
              />
            </Flex>
            <Button type="primary" htmlType="submit" size="large" block disabled={!password || login.isPending}>
              {login.isPending ? 'Authenticating...' : 'Login'}
            </Button>
          </Flex>
        </form>
      </Panel>
    </main>
  );
}
