import { Column } from '@ant-design/charts';
import { formatCents, type DrinksHour, type RevenueDay } from '@festival/contracts';
import { useMemo } from 'react';
import { palette } from '#shared/theme/admin-theme.ts';

const HEIGHT = 260;
const dollars = (cents: number) => formatCents(Math.round(cents));

/** Revenue per day, tickets and drinks stacked. Loaded lazily with the charts library. */
export function RevenueByDayChart({ days }: { days: RevenueDay[] }) {
  const config = useMemo(
    () => ({
      data: days.flatMap((d) => [
        { date: d.date, kind: 'Tickets', cents: d.ticketsCents },
        { date: d.date, kind: 'Drinks', cents: d.drinksCents },
      ]),
      xField: 'date',
      yField: 'cents',
      colorField: 'kind',
      stack: true,
      height: HEIGHT,
      autoFit: true,
      scale: { color: { range: [palette.maroon, palette.marigold] } },
      axis: { y: { title: false, labelFormatter: dollars }, x: { title: false } },
      tooltip: { items: [{ channel: 'y', valueFormatter: dollars }] },
    }),
    [days],
  );
  return <Column {...config} />;
}

/** Drinks revenue per hour of the night. */
export function DrinksByHourChart({ hours }: { hours: DrinksHour[] }) {
  const config = useMemo(
    () => ({
      data: hours.map((h) => ({ hour: h.hour.slice(5), cents: h.revenueCents, orders: h.orders })),
      xField: 'hour',
      yField: 'cents',
      height: HEIGHT,
      autoFit: true,
      style: { fill: palette.marigold },
      axis: { y: { title: false, labelFormatter: dollars }, x: { title: false } },
      tooltip: { items: [{ channel: 'y', name: 'Drinks', valueFormatter: dollars }] },
    }),
    [hours],
  );
  return <Column {...config} />;
}
