import { Suspense, type ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';
import {
  chartPoints,
  formatDay,
  formatPercent,
  formatSignedUsd,
  REPORT_ACCOUNT,
  summarize,
  type MonthlyReport,
} from '../data/reports';
import { formatUsdCents } from '@/lib/format';
import { DailyProfitChart, EquityChart, WeeklyProfitChart } from './charts';
import { ColumnHeaders } from '@/components/ui/column-headers';
import { DescriptionList, type DescriptionRow } from '@/components/ui/description-list';

export type ReportKind = 'graph' | 'report';

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  graph: 'Performance graph',
  report: 'Detailed report',
};

function ChartFrame({ title, height, children }: { title: string; height: number; children: ReactNode }) {
  return (
    <figure className="report-viewer__chart">
      <figcaption className="report-viewer__chart-title">{title}</figcaption>
      <Suspense fallback={<div className="skeleton" style={{ height }} />}>{children}</Suspense>
    </figure>
  );
}

type Summary = ReturnType<typeof summarize>;

/** Every figure a report can show: its label, and how it reads from the month's summary. */
const FIGURES = {
  startingBalance: ['Starting balance', (summary) => formatUsdCents(summary.startingBalanceUsd)],
  endingBalance: ['Ending balance', (summary) => formatUsdCents(summary.endingBalanceUsd)],
  netProfit: ['Net profit', (summary) => formatSignedUsd(summary.netProfitUsd)],
  roi: ['Return on investment', (summary) => formatPercent(summary.roiPercent)],
  trades: ['Trades', (summary) => String(summary.trades)],
  wins: ['Winning trades', (summary) => String(summary.wins)],
  losses: ['Losing trades', (summary) => String(summary.losses)],
  winRatio: ['Win ratio', (summary) => formatPercent(summary.winRatePercent)],
  tradingDays: ['Trading days', (summary) => String(summary.tradingDays)],
  profitableDays: ['Profitable days', (summary) => String(summary.profitableDays)],
  bestDay: [
    'Best day',
    (summary) => `${formatDay(summary.bestDay.date)}: ${formatSignedUsd(summary.bestDay.profitUsd)}`,
  ],
  maxDrawdown: ['Maximum drawdown', (summary) => formatPercent(summary.maxDrawdownPercent)],
} satisfies Record<string, readonly [string, (summary: Summary) => string]>;

/** The month's figures named in `shown`, in that order. */
function Figures({ report, shown }: { report: MonthlyReport; shown: readonly (keyof typeof FIGURES)[] }) {
  const summary = summarize(report);
  const rows = shown.map((key): DescriptionRow => {
    const [label, read] = FIGURES[key];
    return [label, read(summary)];
  });
  return <DescriptionList className="report-figures" itemClassName="report-figures__item" rows={rows} />;
}

function GraphView({ report }: { report: MonthlyReport }) {
  return (
    <>
      <Figures report={report} shown={['roi', 'netProfit', 'winRatio', 'trades']} />
      <ChartFrame title="Account balance by trading day" height={320}>
        <EquityChart report={report} />
      </ChartFrame>
      <ChartFrame title="Profit or loss per trading day" height={260}>
        <DailyProfitChart report={report} />
      </ChartFrame>
    </>
  );
}

function DetailedView({ report }: { report: MonthlyReport }) {
  const points = chartPoints(report);
  return (
    <>
      <Figures
        report={report}
        shown={[
          'startingBalance',
          'endingBalance',
          'netProfit',
          'roi',
          'trades',
          'wins',
          'losses',
          'winRatio',
          'tradingDays',
          'profitableDays',
          'bestDay',
          'maxDrawdown',
        ]}
      />
      <ChartFrame title="Profit per week" height={240}>
        <WeeklyProfitChart report={report} />
      </ChartFrame>
      <div className="report-table" role="region" aria-labelledby={`report-table-${report.id}`} tabIndex={0}>
        <table>
          <caption id={`report-table-${report.id}`}>Trading days, {report.label}</caption>
          <ColumnHeaders columns={['Date', 'Trades', 'Won', 'Profit', 'Balance']} />
          <tbody>
            {report.days.map((day, index) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date)}</th>
                <td>{day.trades}</td>
                <td>{day.wins}</td>
                <td className={day.profitUsd < 0 ? 'report-table__loss' : 'report-table__profit'}>
                  {formatSignedUsd(day.profitUsd)}
                </td>
                <td>{formatUsdCents(points[index]?.balanceUsd ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A month's graph or detailed report, full screen; the page behind does not scroll meanwhile. */
export function ReportViewer({
  report,
  kind,
  onClose,
}: {
  report: MonthlyReport;
  kind: ReportKind;
  onClose: () => void;
}) {
  return (
    <Modal
      title={`${report.label}: ${REPORT_KIND_LABELS[kind].toLowerCase()}`}
      variant="fullscreen"
      onClose={onClose}
      className="report-viewer"
    >
      <div className="report-viewer__content">
        <p className="report-viewer__account">{REPORT_ACCOUNT}</p>
        {kind === 'graph' ? <GraphView report={report} /> : <DetailedView report={report} />}
      </div>
    </Modal>
  );
}
