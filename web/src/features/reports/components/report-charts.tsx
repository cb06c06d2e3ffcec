import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import {
  chartPoints,
  formatPercent,
  formatSignedUsd,
  STARTING_BALANCE_USD,
  weeklySummary,
  type MonthlyReport,
} from '../data/reports';
import { formatUsdCents } from '@/lib/format';

/*
 * Every recharts chart of the site lives in this module, which is only ever imported lazily
 * (React.lazy), so the chart library stays out of the landing route's initial bundle.
 */

const COLORS = {
  gold: '#d4af37',
  goldLight: '#e9c96a',
  profit: '#3ecf8e',
  loss: '#ff7a7a',
  grid: '#243556',
  axis: '#a9b4c8',
  tooltipBg: '#16243f',
};

const AXIS_PROPS = { stroke: COLORS.axis, tick: { fill: COLORS.axis, fontSize: 12 }, tickLine: false } as const;
const TOOLTIP_PROPS = {
  contentStyle: {
    background: COLORS.tooltipBg,
    border: `1px solid ${COLORS.grid}`,
    borderRadius: 8,
    color: '#eef1f7',
  },
  labelStyle: { color: COLORS.goldLight, fontWeight: 600 },
  cursor: { fill: 'rgb(255 255 255 / 0.05)', stroke: COLORS.grid },
} as const;

const compactUsd = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;

interface ChartProps {
  report: MonthlyReport;
}

/** Small previews inside the report buttons: no axes, no tooltip, nothing focusable. */
export function EquityPreview({ report }: ChartProps) {
  const data = chartPoints(report);
  return (
    <AreaChart
      responsive
      style={{ width: '100%', height: 120 }}
      data={data}
      margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <defs>
        <linearGradient id={`equity-preview-${report.id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={COLORS.gold} stopOpacity={0.5} />
          <stop offset="1" stopColor={COLORS.gold} stopOpacity={0} />
        </linearGradient>
      </defs>
      <YAxis hide domain={['dataMin - 100', 'dataMax + 100']} />
      <Area
        type="monotone"
        dataKey="balanceUsd"
        stroke={COLORS.gold}
        strokeWidth={2}
        fill={`url(#equity-preview-${report.id})`}
        isAnimationActive={false}
      />
    </AreaChart>
  );
}

export function DailyProfitPreview({ report }: ChartProps) {
  const data = chartPoints(report);
  return (
    <BarChart
      responsive
      style={{ width: '100%', height: 120 }}
      data={data}
      margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <Bar dataKey="profitUsd" isAnimationActive={false} radius={[2, 2, 0, 0]}>
        {data.map((point) => (
          <Cell key={point.day} fill={point.profitUsd >= 0 ? COLORS.profit : COLORS.loss} />
        ))}
      </Bar>
    </BarChart>
  );
}

/** The full equity curve: account balance after each trading day. */
export function EquityChart({ report }: ChartProps) {
  const data = chartPoints(report);
  return (
    <AreaChart
      responsive
      style={{ width: '100%', height: 320 }}
      data={data}
      margin={{ top: 12, right: 16, bottom: 4, left: 8 }}
      title={`${report.label}: account balance by trading day`}
    >
      <defs>
        <linearGradient id={`equity-${report.id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={COLORS.gold} stopOpacity={0.45} />
          <stop offset="1" stopColor={COLORS.gold} stopOpacity={0} />
        </linearGradient>
      </defs>
      <CartesianGrid stroke={COLORS.grid} strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="day" {...AXIS_PROPS} minTickGap={16} />
      <YAxis {...AXIS_PROPS} width={72} tickFormatter={compactUsd} domain={['dataMin - 200', 'dataMax + 200']} />
      <ReferenceLine y={STARTING_BALANCE_USD} stroke={COLORS.axis} strokeDasharray="4 4" />
      <Tooltip
        {...TOOLTIP_PROPS}
        formatter={(value, name) =>
          name === 'balanceUsd' ? [formatUsdCents(Number(value)), 'Balance'] : [String(value), String(name)]
        }
      />
      <Area
        type="monotone"
        dataKey="balanceUsd"
        stroke={COLORS.gold}
        strokeWidth={2.5}
        fill={`url(#equity-${report.id})`}
        isAnimationActive={false}
      />
    </AreaChart>
  );
}

/** Net result of each trading day, green for profit and red for loss. */
export function DailyProfitChart({ report }: ChartProps) {
  const data = chartPoints(report);
  return (
    <BarChart
      responsive
      style={{ width: '100%', height: 260 }}
      data={data}
      margin={{ top: 12, right: 16, bottom: 4, left: 8 }}
      title={`${report.label}: profit or loss per trading day`}
    >
      <CartesianGrid stroke={COLORS.grid} strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="day" {...AXIS_PROPS} minTickGap={16} />
      <YAxis {...AXIS_PROPS} width={72} tickFormatter={compactUsd} />
      <ReferenceLine y={0} stroke={COLORS.axis} />
      <Tooltip {...TOOLTIP_PROPS} formatter={(value) => [formatSignedUsd(Number(value)), 'Profit']} />
      <Bar dataKey="profitUsd" isAnimationActive={false} radius={[3, 3, 0, 0]}>
        {data.map((point) => (
          <Cell key={point.day} fill={point.profitUsd >= 0 ? COLORS.profit : COLORS.loss} />
        ))}
      </Bar>
    </BarChart>
  );
}

export function WeeklyProfitChart({ report }: ChartProps) {
  const data = weeklySummary(report);
  return (
    <BarChart
      responsive
      style={{ width: '100%', height: 240 }}
      data={data}
      margin={{ top: 12, right: 16, bottom: 4, left: 8 }}
      title={`${report.label}: profit per week`}
    >
      <CartesianGrid stroke={COLORS.grid} strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="week" {...AXIS_PROPS} />
      <YAxis {...AXIS_PROPS} width={72} tickFormatter={compactUsd} />
      <Tooltip {...TOOLTIP_PROPS} formatter={(value) => [formatSignedUsd(Number(value)), 'Profit']} />
      <Bar dataKey="profitUsd" fill={COLORS.gold} isAnimationActive={false} radius={[4, 4, 0, 0]} />
    </BarChart>
  );
}

/** ROI of every month side by side (the "All" tab). */
export function MonthlyRoiChart({ months }: { months: ReadonlyArray<{ label: string; roiPercent: number }> }) {
  return (
    <BarChart
      responsive
      style={{ width: '100%', height: 260 }}
      data={months}
      margin={{ top: 12, right: 16, bottom: 4, left: 0 }}
      title="Return on investment per month"
    >
      <CartesianGrid stroke={COLORS.grid} strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" {...AXIS_PROPS} />
      <YAxis {...AXIS_PROPS} width={48} tickFormatter={(value: number) => `${value}%`} />
      <Tooltip {...TOOLTIP_PROPS} formatter={(value) => [formatPercent(Number(value)), 'ROI']} />
      <Bar dataKey="roiPercent" fill={COLORS.gold} isAnimationActive={false} radius={[4, 4, 0, 0]} />
    </BarChart>
  );
}
