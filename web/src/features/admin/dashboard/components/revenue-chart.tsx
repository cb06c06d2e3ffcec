import type { ReactNode } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { RevenueEntry } from '@goldbot/shared';
import { formatUsd } from '@/lib/format';
import type { ChartType } from '../lib/dashboard-options';

/** The chart's accessible name (its svg's title). */
export const REVENUE_CHART_TITLE = 'Monthly revenue chart';

const GOLD = '#d4af37';
const GRID = '#243556';
const AXIS_TEXT = '#a9b4c8';
const MARGIN = { top: 10, right: 16, bottom: 0, left: 8 };
const HEIGHT = 300;

/** What a screen reader is told besides the name: every month and its revenue. */
const describe = (data: readonly RevenueEntry[]) =>
  `Revenue per month: ${data.map((entry) => `${entry.month} ${formatUsd(entry.revenue)}`).join(', ')}`;

/**
 * The Monthly Revenue chart in the chosen type, with recharts: a module of its own that
 * the dashboard loads lazily, so recharts stays out of the admin entry and the landing bundle.
 */
export default function RevenueChart({ data, type }: { data: RevenueEntry[]; type: ChartType }) {
  const chart = {
    data,
    responsive: true,
    style: { width: '100%', height: HEIGHT },
    margin: MARGIN,
    title: REVENUE_CHART_TITLE,
    desc: describe(data),
  };
  const axes: ReactNode = [
    <CartesianGrid key="grid" stroke={GRID} strokeDasharray="3 3" />,
    <XAxis key="x" dataKey="month" stroke={AXIS_TEXT} tick={{ fill: AXIS_TEXT, fontSize: 12 }} />,
    <YAxis
      key="y"
      stroke={AXIS_TEXT}
      tick={{ fill: AXIS_TEXT, fontSize: 12 }}
      tickFormatter={(value: number) => formatUsd(value)}
      width={72}
    />,
    <Tooltip
      key="tooltip"
      formatter={(value) => [formatUsd(Number(value)), 'Revenue']}
      contentStyle={{ background: '#111d36', border: `1px solid ${GRID}`, color: '#eef1f7' }}
      labelStyle={{ color: '#eef1f7' }}
    />,
  ];

  if (type === 'bar') {
    return (
      <BarChart {...chart}>
        {axes}
        <Bar dataKey="revenue" name="Revenue" fill={GOLD} radius={[4, 4, 0, 0]} />
      </BarChart>
    );
  }
  if (type === 'area') {
    return (
      <AreaChart {...chart}>
        {axes}
        <Area dataKey="revenue" name="Revenue" type="monotone" stroke={GOLD} fill={GOLD} fillOpacity={0.25} />
      </AreaChart>
    );
  }
  return (
    <LineChart {...chart}>
      {axes}
      <Line dataKey="revenue" name="Revenue" type="monotone" stroke={GOLD} strokeWidth={2} dot={{ r: 4, fill: GOLD }} />
    </LineChart>
  );
}
