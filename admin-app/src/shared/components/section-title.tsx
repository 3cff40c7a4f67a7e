import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { palette } from '../theme/admin-theme';

/** A section's heading (an h2, so the page's outline reads well), with an optional count or note. */
export function SectionTitle({ children, count, subtitle }: { children: ReactNode; count?: ReactNode; subtitle?: ReactNode }) {
  return (
    <Flex vertical style={{ padding: '4px 0', whiteSpace: 'normal' }}>
      <Flex align="center" gap={8} wrap>
        <h2 style={{ margin: 0, fontSize: 18, fontWeight: 650, color: palette.aubergine }}>{children}</h2>
        {count}
      </Flex>
      {subtitle ? (
        <Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13 }}>
          {subtitle}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** A section's count next to its heading, white on maroon. */
export function CountTag({ count }: { count: number }) {
  return (
    <span
      style={{
        background: palette.maroon,
        color: palette.white,
        borderRadius: 999,
        padding: '0 10px',
        fontSize: 13,
        fontWeight: 600,
        lineHeight: '22px',
      }}
    >
      {count.toLocaleString('en-US')}
    </span>
  );
}
