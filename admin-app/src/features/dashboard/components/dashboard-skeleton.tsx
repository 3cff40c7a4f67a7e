import { Card, Col, Flex, Row, Skeleton } from 'antd';
import { palette } from '../../../shared/theme/admin-theme';

/** The dashboard's shape while the session is checked and the page loads. */
export function DashboardSkeleton() {
  return (
    <div style={{ minHeight: '100vh', background: palette.cream }} aria-busy="true">
      <span role="status" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        Loading the dashboard…
      </span>
      <div style={{ background: palette.aubergine, borderBottom: `4px solid ${palette.marigold}`, height: 132 }} />
      <Flex vertical gap={16} style={{ maxWidth: 1280, margin: '0 auto', padding: '20px 16px' }}>
        <Card>
          <Skeleton active paragraph={{ rows: 3 }} />
        </Card>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card>
              <Skeleton active paragraph={{ rows: 6 }} />
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card>
              <Skeleton active paragraph={{ rows: 6 }} />
            </Card>
          </Col>
        </Row>
        <Card>
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      </Flex>
    </div>
  );
}
