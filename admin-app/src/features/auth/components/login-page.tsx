import { Button, Card, Flex, Input, Typography } from 'antd';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@festival/router';
import { ApiError } from '@festival/web-kit/api-client';
import { palette } from '../../../shared/theme/admin-theme';
import { useToast } from '../../../shared/toast/use-toast';
import { useLogin } from '../api/login';

/** A small diya above the form (ornament only). */
function Diya() {
  return (
    <svg width="44" height="44" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 3c2.5 3.5 3.5 6 3.5 8a3.5 3.5 0 0 1-7 0c0-2 1-4.5 3.5-8z" fill={palette.marigold} />
      <path d="M3 17h26c-1.5 6-6.5 10-13 10S4.5 23 3 17z" fill={palette.gold} />
      <path d="M8 17c1.5 2.5 4.5 4 8 4s6.5-1.5 8-4" fill="none" stroke={palette.saffron} strokeWidth="1.5" />
    </svg>
  );
}

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
          if (error instanceof ApiError && error.status === 401) {
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
      <Card style={{ width: '100%', maxWidth: 400, borderTop: `4px solid ${palette.marigold}` }}>
        <form onSubmit={submit} aria-labelledby="admin-login-title">
          <Flex vertical gap={16}>
            <Flex vertical align="center" gap={4}>
              <Diya />
              <Typography.Title id="admin-login-title" level={1} style={{ margin: 0, fontSize: 26, color: palette.aubergine }}>
                Admin Access
              </Typography.Title>
              <Typography.Text type="secondary">Enter the staff password to open the order dashboard.</Typography.Text>
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
      </Card>
    </main>
  );
}
