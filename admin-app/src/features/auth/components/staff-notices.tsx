import { Button, Result } from 'antd';
import type { StaffSessionView } from '@festival/contracts';
import { useNavigate } from '@festival/router';
import { SignOutNotice } from '#shared/components/sign-out-notice.tsx';
import { STAFF_HOME } from '#shared/lib/staff-home.ts';

const PAGE = { minHeight: '70vh', display: 'grid', placeItems: 'center', padding: 16 } as const;

/** A door or bar device on a page that is not for its role. */
export function NotAllowedPage({ staff }: { staff: StaffSessionView }) {
  const navigate = useNavigate();
  const home = STAFF_HOME[staff.role];
  return (
    <main style={PAGE}>
      <Result
        status="403"
        title="Not allowed"
        subTitle={`${staff.name} is signed in for the ${staff.role} and cannot open this page. Ask the manager if you need it.`}
        extra={
          home ? (
            <Button type="primary" size="large" onClick={() => navigate(home.path)}>
              {home.label}
            </Button>
          ) : null
        }
      />
    </main>
  );
}

/** A device whose pass the manager revoked. */
export function SignedOutPage({ message }: { message: string }) {
  return (
    <main style={PAGE}>
      <Result
        status="warning"
        title={message}
        subTitle="Ask the manager for a new device pass to use this screen again."
        extra={<SignOutNotice />}
      />
    </main>
  );
}
