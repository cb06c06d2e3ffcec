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

/** The frame of a chart: the whole width at `height`, with `margin` left for the axes. */
const frame = (height: number, margin: { top: number; right: number; bottom: number; left: number }) =>
  ({ responsive: true, style: { width: '100%', height }, margin }) as const;
/** A preview's frame: no room for axes it does not have, nothing for screen readers to browse. */
const previewFrame = { ...frame(120, { top: 8, right: 0, bottom: 0, left: 0 }), accessibilityLayer: false } as const;
/** A full chart's frame, with room for its axes. */
const fullFrame = (height: number, left = 8) => frame(height, { top: 12, right: 16, bottom: 4, left });

const GRID_PROPS = { stroke: COLORS.grid, strokeDasharray: '3 3', vertical: false } as const;
const USD_AXIS_PROPS = { ...AXIS_PROPS, width: 72, tickFormatter: compactUsd } as const;

/** One bar a trading day, green for a profit and red for a loss. */
const profitCells = (data: ReadonlyArray<{ day: string; profitUsd: number }>) =>
  data.map((point) => <Cell key={point.day} fill={point.profitUsd >= 0 ? COLORS.profit : COLORS.loss} />);

interface ChartProps {
  report: MonthlyReport;
}

/** Small previews inside the report buttons: no axes, no tooltip, nothing focusable. */
export function EquityPreview({ report }: ChartProps) {
  const data = chartPoints(report);
  return (
    <AreaChart {...previewFrame} data={data}>
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
    <BarChart {...previewFrame} data={data}>
      <Bar dataKey="profitUsd" isAnimationActive={false} radius={[2, 2, 0, 0]}>
        {profitCells(data)}
      </Bar>
    </BarChart>
  );
}

/** The full equity curve: account balance after each trading day. */
export function EquityChart({ report }: ChartProps) {
  const data = chartPoints(report);
  return (
    <AreaChart {...fullFrame(320)} data={data} title={`${report.label}: account balance by trading day`}>
      <defs>
        <linearGradient id={`equity-${report.id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={COLORS.gold} stopOpacity={0.45} />
          <stop offset="1" stopColor={COLORS.gold} stopOpacity={0} />
        </linearGradient>
      </defs>
      <CartesianGrid {...GRID_PROPS} />
      <XAxis dataKey="day" {...AXIS_PROPS} minTickGap={16} />
      <YAxis {...USD_AXIS_PROPS} domain={['dataMin - 200', 'dataMax + 200']} />
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
    <BarChart {...fullFrame(260)} data={data} title={`${report.label}: profit or loss per trading day`}>
      <CartesianGrid {...GRID_PROPS} />
      <XAxis dataKey="day" {...AXIS_PROPS} minTickGap={16} />
      <YAxis {...USD_AXIS_PROPS} />
      <ReferenceLine y={0} stroke={COLORS.axis} />
      <Tooltip {...TOOLTIP_PROPS} formatter={(value) => [formatSignedUsd(Number(value)), 'Profit']} />
      <Bar dataKey="profitUsd" isAnimationActive={false} radius={[3, 3, 0, 0]}>
        {profitCells(data)}
      </Bar>
    </BarChart>
  );
}

export function WeeklyProfitChart({ report }: ChartProps) {
  const data = weeklySummary(report);
  return (
    <BarChart {...fullFrame(240)} data={data} title={`${report.label}: profit per week`}>
      <CartesianGrid {...GRID_PROPS} />
      <XAxis dataKey="week" {...AXIS_PROPS} />
      <YAxis {...USD_AXIS_PROPS} />
      <Tooltip {...TOOLTIP_PROPS} formatter={(value) => [formatSignedUsd(Number(value)), 'Profit']} />
      <Bar dataKey="profitUsd" fill={COLORS.gold} isAnimationActive={false} radius={[4, 4, 0, 0]} />
    </BarChart>
  );
}

/** ROI of every month side by side (the "All" tab). */
export function MonthlyRoiChart({ months }: { months: ReadonlyArray<{ label: string; roiPercent: number }> }) {
  return (
    <BarChart {...fullFrame(260, 0)} data={months} title="Return on investment per month">
      <CartesianGrid {...GRID_PROPS} />
      <XAxis dataKey="label" {...AXIS_PROPS} />
      <YAxis {...AXIS_PROPS} width={48} tickFormatter={(value: number) => `${value}%`} />
      <Tooltip {...TOOLTIP_PROPS} formatter={(value) => [formatPercent(Number(value)), 'ROI']} />
      <Bar dataKey="roiPercent" fill={COLORS.gold} isAnimationActive={false} radius={[4, 4, 0, 0]} />
    </BarChart>
  );
}
