import { Bar } from '@ant-design/charts';
import { useMemo } from 'react';
import { palette } from '../../../shared/theme/admin-theme';
import { formatCount } from '../lib/format';
import type { FunnelBar } from '../lib/funnel';

interface FunnelBarChartProps {
  bars: FunnelBar[];
  onSelect(eventType: string): void;
}

interface ChartEvent {
  type?: string;
  data?: { data?: Partial<FunnelBar> };
}

/**
 * A funnel as horizontal bars, first step on top. A click on a bar selects its step. Loaded
 * lazily: the charts stay out of every page but the dashboard.
 */
export default function FunnelBarChart({ bars, onSelect }: FunnelBarChartProps) {
  const config = useMemo(
    () => ({
      data: bars,
      xField: 'label',
      yField: 'count',
      height: 240,
      autoFit: true,
      style: { fill: palette.maroon, maxWidth: 36, radiusTopRight: 4, radiusBottomRight: 4, cursor: 'pointer' },
      label: {
        text: (d: FunnelBar) => formatCount(d.count),
        position: 'right',
        dx: 6,
        style: { fill: palette.ink, fontWeight: 600 },
      },
      axis: {
        x: { title: false, labelFill: palette.ink, labelFontSize: 13 },
        y: { title: false, labelFormatter: (v: number) => formatCount(v), labelFill: palette.inkSoft },
      },
      scale: { y: { domainMin: 0, nice: true } },
      tooltip: { title: 'label', items: [{ channel: 'y', name: 'Events', valueFormatter: (v: number) => formatCount(v) }] },
      interaction: { elementHighlight: { background: true } },
      // Bound once when the chart is made: `onSelect` must be stable.
      onEvent: (_chart: unknown, event: ChartEvent) => {
        const eventType = event.type === 'element:click' ? event.data?.data?.eventType : undefined;
        if (eventType) onSelect(eventType);
      },
    }),
    [bars, onSelect],
  );
  return <Bar {...config} />;
}
