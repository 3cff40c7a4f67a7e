import { Flex } from 'antd';
import { palette } from '#shared/theme/admin-theme.ts';

/** One headline figure: its label and value, named for screen readers and tests alike. */
export function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex
      vertical
      role="group"
      aria-label={label}
      style={{
        background: strong ? palette.aubergine : palette.white,
        color: strong ? palette.cream : palette.ink,
        borderRadius: 8,
        padding: '12px 16px',
        minWidth: 160,
        border: `1px solid ${palette.sand}`,
      }}
    >
      <span style={{ fontSize: 13, opacity: 0.8 }}>{label}</span>
      <span style={{ fontSize: 22, fontWeight: 700 }}>{value}</span>
    </Flex>
  );
}
