import { Button, Card, Flex, Skeleton, Typography } from 'antd';
import { lazy, memo, Suspense, useMemo, type ReactNode } from 'react';
import type { FunnelEntry } from '@festival/contracts';
import { SectionTitle } from '#shared/components/section-title.tsx';
import { formatCount } from '#shared/lib/format.ts';
import { palette } from '#shared/theme/admin-theme.ts';
import { funnelBars, type FunnelStep } from '../lib/funnel';

const FunnelBarChart = lazy(() => import('./funnel-bar-chart'));

const CHART_HEIGHT = 240;

interface FunnelSectionProps {
  title: string;
  steps: readonly FunnelStep[];
  funnel: FunnelEntry[] | undefined;
  error: ReactNode;
  onSelect(eventType: string): void;
}

/**
 * 2 and 3. A conversion funnel: a bar per step, and under it the same steps as buttons with
 * their share of the first step. A bar or a button opens the step's events.
 */
export const FunnelSection = memo(function FunnelSection({ title, steps, funnel, error, onSelect }: FunnelSectionProps) {
  // The same bars while the data is the same, so the chart is not drawn again.
  const bars = useMemo(() => (funnel ? funnelBars(funnel, steps) : undefined), [funnel, steps]);
  const first = bars?.[0]?.count ?? 0;
  return (
    <Card title={<SectionTitle subtitle="Click a bar to see who did what">{title}</SectionTitle>} style={{ height: '100%' }}>
      {error ??
        (bars ? (
          <Flex vertical gap={12}>
            <div style={{ height: CHART_HEIGHT }} aria-hidden="true" data-testid={`chart-${steps[0].eventType}`}>
              <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: CHART_HEIGHT }} />}>
                <FunnelBarChart bars={bars} onSelect={onSelect} />
              </Suspense>
            </div>
            <ul
              aria-label={`${title} steps`}
              style={{
                listStyle: 'none',
                margin: 0,
                padding: 0,
                display: 'grid',
                gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
                gap: 8,
              }}
            >
              {bars.map((bar) => (
                <li key={bar.eventType}>
                  <Button
                    block
                    onClick={() => onSelect(bar.eventType)}
                    style={{ height: 'auto', padding: '6px 10px', justifyContent: 'space-between', whiteSpace: 'normal' }}
                  >
                    <span style={{ textAlign: 'left' }}>{bar.label}</span>
                    <Flex vertical align="end" style={{ lineHeight: 1.2 }}>
                      <strong>{formatCount(bar.count)}</strong>
                      <Typography.Text type="secondary" style={{ fontSize: 11, color: palette.inkSoft, whiteSpace: 'nowrap' }}>
                        {first > 0 ? `${((bar.count / first) * 100).toFixed(1)}% of views` : '—'}
                      </Typography.Text>
                    </Flex>
                  </Button>
                </li>
              ))}
            </ul>
          </Flex>
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        ))}
    </Card>
  );
});
