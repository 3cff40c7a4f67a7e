import { Flex } from 'antd';
import type { StaffSessionView } from '@festival/contracts';
import { palette } from '#shared/theme/admin-theme.ts';
import { LogoutButton } from './logout-button';

/** The strip above a device's pages: which device this is (the manager's pages need none). */
export function DeviceSessionBar({ staff }: { staff: StaffSessionView }) {
  return (
    <header
      aria-label="Signed-in device"
      style={{ background: palette.aubergine, color: palette.cream, borderBottom: `3px solid ${palette.marigold}`, padding: '6px 16px' }}
    >
      <Flex justify="space-between" align="center" gap={12} wrap>
        <span style={{ color: palette.cream, fontWeight: 600 }}>
          {staff.name}{' '}
          <span
            style={{
              marginLeft: 4,
              padding: '0 8px',
              borderRadius: 4,
              background: palette.gold,
              color: palette.ink,
              fontSize: 12,
              fontWeight: 500,
            }}
          >
            {staff.role}
          </span>
        </span>
        <LogoutButton size="small" />
      </Flex>
    </header>
  );
}
