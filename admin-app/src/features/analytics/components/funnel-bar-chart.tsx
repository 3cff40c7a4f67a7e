import { Bar } from '@ant-design/charts';
import { useMemo } from 'react';
import { formatCount } from '#shared/lib/format.ts';
import { palette } from '#shared/theme/admin-theme.ts';
import type { FunnelBar } from '../lib/funnel';

interface FunnelBarChartProps {
  bars: FunnelBar[];
  onSelect(eventType: string): void;
}

interface ChartEvent {
  data?: { data?: Partial<FunnelBar> };
}

/** The plot @ant-design/charts hands over when ready, and the G2 chart inside it. */
interface ReadyPlot {
  chart: { on(event: string, handler: (event: ChartEvent) => void): void };
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
      style: { fill: palette.maroon, fillOpacity: 1, maxWidth: 36, radiusTopRight: 4, radiusBottomRight: 4, cursor: 'pointer' },
      // The count just past the end of each bar.
      label: {
        text: (d: FunnelBar) => formatCount(d.count),
        position: 'right',
        textAlign: 'start',
        dx: 6,
        fill: palette.ink,
        fontWeight: 600,
        cursor: 'pointer',
      },
      axis: {
        x: { title: false, labelFill: palette.ink, labelFontSize: 13 },
        y: { title: false, labelFormatter: (v: number) => formatCount(v), labelFill: palette.inkSoft },
      },
      // Room past the longest bar for its count.
      scale: { y: { domainMin: 0, domainMax: Math.max(1, Math.ceil(Math.max(...bars.map((b) => b.count)) * 1.18)), nice: true } },
      tooltip: { title: 'label', items: [{ channel: 'y', name: 'Events', valueFormatter: (v: number) => formatCount(v) }] },
      interaction: { elementHighlight: { background: true } },
      // Bound once when the chart is made: `onSelect` must be stable. A bar or its label selects.
      onReady: ({ chart }: ReadyPlot) => {
        const select = (event: ChartEvent) => {
          const eventType = event.data?.data?.eventType;
          if (eventType) onSelect(eventType);
        };
        chart.on('element:click', select);
        chart.on('label:click', select);
      },
    }),
    [bars, onSelect],
  );
  return <Bar {...config} />;
}
