import { Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { FunnelEntry } from '@festival/contracts';
import { staffColors } from '@festival/web-kit/tokens';
import { SectionTitle } from '#shared/components/section-title.tsx';
import { formatCount } from '#shared/lib/format.ts';
import { palette } from '#shared/theme/admin-theme.ts';
import { dropOff, type DropOff } from '../lib/funnel';

function Figure({ label, hint, value, tone }: { label: string; hint: string; value: number; tone: 'warn' | 'done' }) {
  return (
    <Flex
      vertical
      gap={2}
      style={{
        flex: '1 1 150px',
        padding: '12px 14px',
        borderRadius: 8,
        background: tone === 'done' ? staffColors.okBg : staffColors.peach,
        borderLeft: `4px solid ${tone === 'done' ? palette.success : palette.marigold}`,
      }}
    >
      <Typography.Text strong style={{ fontSize: 28, lineHeight: 1.1, color: palette.ink }}>
        {formatCount(value)}
      </Typography.Text>
      <Typography.Text strong>{label}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {hint}
      </Typography.Text>
    </Flex>
  );
}

function Column({ title, figures, unit }: { title: string; figures: DropOff; unit: string }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={3} style={{ fontSize: 17, marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Flex gap={10} wrap>
        <Figure label="In cart, not purchased" hint="Added to cart, did not order" value={figures.inCart} tone="warn" />
        <Figure label="Started checkout" hint="Began checkout, did not finish" value={figures.inCheckout} tone="warn" />
        <Figure label="Completed orders" hint={unit} value={figures.completed} tone="done" />
      </Flex>
    </section>
  );
}

interface DropOffSectionProps {
  funnel: FunnelEntry[] | undefined;
  feastOrders: number | undefined;
  ticketOrders: number | undefined;
  /** Shown instead of the figures when a call failed. */
  error: ReactNode;
}

/** 1. Funnel Drop-off Analysis: where feast pack and ticket buyers stopped. */
export function DropOffSection({ funnel, feastOrders, ticketOrders, error }: DropOffSectionProps) {
  const ready = funnel !== undefined && feastOrders !== undefined && ticketOrders !== undefined;
  return (
    <Card title={<SectionTitle subtitle="Carts and checkouts that did not become orders">Funnel Drop-off Analysis</SectionTitle>}>
      {error ??
        (ready ? (
          <Row gutter={[24, 20]}>
            <Col xs={24} lg={12}>
              <Column
                title="Feast Packs"
                figures={dropOff(funnel, 'add_to_cart', 'checkout_started', feastOrders)}
                unit="Feast pack orders"
              />
            </Col>
            <Col xs={24} lg={12}>
              <Column
                title="Party Tickets"
                figures={dropOff(funnel, 'party_add_to_cart', 'party_checkout_started', ticketOrders)}
                unit="Paid ticket orders"
              />
            </Col>
          </Row>
        ) : (
          <Skeleton active paragraph={{ rows: 3 }} />
        ))}
    </Card>
  );
}
