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
import { DetailList, type DetailRow } from '@/lib/detail-list';

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

function Figures({ items }: { items: readonly DetailRow[] }) {
  return <DetailList className="report-figures" itemClassName="report-figures__item" rows={items} />;
}

function GraphView({ report }: { report: MonthlyReport }) {
  const summary = summarize(report);
  return (
    <>
      <Figures
        items={[
          ['Return on investment', formatPercent(summary.roiPercent)],
          ['Net profit', formatSignedUsd(summary.netProfitUsd)],
          ['Win ratio', formatPercent(summary.winRatePercent)],
          ['Trades', String(summary.trades)],
        ]}
      />
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
  const summary = summarize(report);
  const points = chartPoints(report);
  return (
    <>
      <Figures
        items={[
          ['Starting balance', formatUsdCents(summary.startingBalanceUsd)],
          ['Ending balance', formatUsdCents(summary.endingBalanceUsd)],
          ['Net profit', formatSignedUsd(summary.netProfitUsd)],
          ['Return on investment', formatPercent(summary.roiPercent)],
          ['Trades', String(summary.trades)],
          ['Winning trades', String(summary.wins)],
          ['Losing trades', String(summary.losses)],
          ['Win ratio', formatPercent(summary.winRatePercent)],
          ['Trading days', String(summary.tradingDays)],
          ['Profitable days', String(summary.profitableDays)],
          ['Best day', `${formatDay(summary.bestDay.date)}: ${formatSignedUsd(summary.bestDay.profitUsd)}`],
          ['Maximum drawdown', formatPercent(summary.maxDrawdownPercent)],
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
