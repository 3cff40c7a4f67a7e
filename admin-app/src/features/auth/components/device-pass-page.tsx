import { Button, Card, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { StaffSessionView } from '@festival/contracts';
import { useQueryClient } from '@festival/query';
import { useNavigate } from '@festival/router';
import { errorMessage } from '#shared/api/error-message.ts';
import { startStaffSession } from '#shared/api/admin-session.ts';
import { Diya } from '#shared/components/diya.tsx';
import { STAFF_HOME } from '#shared/lib/staff-home.ts';
import { palette } from '#shared/theme/admin-theme.ts';
import { redeemOnce } from '../api/redeem-device-pass';

export { DEVICE_PASS_FRAGMENT } from '../lib/device-pass-fragment';

type PassState = { kind: 'opening' } | { kind: 'signed-in'; staff: StaffSessionView } | { kind: 'refused'; message: string };

/**
 * A device pass being opened: signs this browser in as the device, then goes to its page. The
 * secret leaves the address bar at once (it is spent either way). A used, expired or revoked
 * pass is refused with the reason.
 */
export function DevicePassPage({ pass }: { pass: string }) {
  const [state, setState] = useState<PassState>({ kind: 'opening' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    window.history.replaceState(window.history.state, '', window.location.pathname);
    let current = true;
    redeemOnce(pass).then(
      (session) => {
        if (!current) return;
        startStaffSession(queryClient, session);
        const staff = session.staff ?? { role: 'manager' as const, name: 'Manager' };
        const home = STAFF_HOME[staff.role];
        if (home) navigate(home.path, { replace: true });
        else setState({ kind: 'signed-in', staff });
      },
      (error: unknown) => {
        if (current)
          setState({
            kind: 'refused',
            message: errorMessage(error, 'The pass could not be opened. Please check the connection and try again.'),
          });
      },
    );
    return () => {
      current = false;
    };
  }, [pass, queryClient, navigate]);

  return (
    <main style={{ minHeight: '100vh', background: palette.cream, display: 'grid', placeItems: 'center', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 460, borderTop: `4px solid ${palette.marigold}` }}>
        <Flex vertical align="center" gap={8}>
          <Diya size={40} />
          {state.kind === 'opening' ? <Spin size="large" description="Signing this device in…" /> : null}
          {state.kind === 'signed-in' ? (
            <Result
              status="success"
              title={`Signed in as ${state.staff.name}`}
              subTitle={`This device is signed in for the ${state.staff.role}.`}
            />
          ) : null}
          {state.kind === 'refused' ? (
            <Result
              status="error"
              title="This pass cannot be used"
              subTitle={state.message}
              extra={
                <Button onClick={() => navigate('/admin/login', { replace: true })}>
                  <Typography.Text>Staff login</Typography.Text>
                </Button>
              }
            />
          ) : null}
        </Flex>
      </Card>
    </main>
  );
}
