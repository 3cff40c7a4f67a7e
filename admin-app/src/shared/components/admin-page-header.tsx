import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from '@festival/router';
import { palette } from '../theme/admin-theme';
import { Diya } from './diya';

/** The subtitle's pale gold on aubergine. */
const SUBTITLE_COLOUR = palette.sand;

interface AdminPageHeaderProps {
  title: string;
  subtitle: string;
  /** The width of the page's content, which the header lines up with. */
  maxWidth: number;
  /** A `← Back to Dashboard` button above the title. */
  backToDashboard?: boolean;
  /** Beside the title, on the right (counts, the page's main action). */
  extra?: ReactNode;
  /** Below the title (the dashboard's navigation). */
  children?: ReactNode;
}

/** The staff pages' header: aubergine with a marigold edge, the diya, the title and a subtitle. */
export function AdminPageHeader({ title, subtitle, maxWidth, backToDashboard = false, extra, children }: AdminPageHeaderProps) {
  const navigate = useNavigate();
  return (
    <header style={{ background: palette.aubergine, borderBottom: `4px solid ${palette.marigold}` }}>
      <Flex vertical gap={12} style={{ maxWidth, margin: '0 auto', padding: '16px 16px 20px' }}>
        {backToDashboard ? (
          <div>
            <Button ghost onClick={() => navigate('/admin')}>
              ← Back to Dashboard
            </Button>
          </div>
        ) : null}
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Flex align="center" gap={10}>
            <Diya size={30} />
            <div>
              <Typography.Title level={1} style={{ margin: 0, fontSize: 26, color: palette.cream }}>
                {title}
              </Typography.Title>
              <Typography.Text style={{ color: SUBTITLE_COLOUR }}>{subtitle}</Typography.Text>
            </div>
          </Flex>
          {extra}
        </Flex>
        {children}
      </Flex>
    </header>
  );
}
