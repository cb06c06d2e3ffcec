import { Suspense, useState } from 'react';
import { TabList, TabPanel, type TabItem } from '@/components/ui/tabs';
import {
  formatPercent,
  formatSignedUsd,
  MONTHLY_REPORTS,
  overallSummary,
  summarize,
  type MonthlyReport,
} from '../data/reports';
import { DailyProfitPreview, EquityPreview, MonthlyRoiChart } from './charts';
import { LiveTrading } from './live-trading';
import { REPORT_KIND_LABELS, ReportViewer, type ReportKind } from './report-viewer';
import './reports.css';
import { DescriptionList } from '@/components/ui/description-list';

type TabId = 'live' | 'all' | MonthlyReport['id'];

export const REPORT_TABS: readonly TabItem<TabId>[] = [
  { id: 'live', label: 'See Live Trading' },
  { id: 'all', label: 'All' },
  ...MONTHLY_REPORTS.map((report) => ({ id: report.id, label: report.label.slice(0, 3) })),
];

const ID_PREFIX = 'reports';

interface OpenReport {
  report: MonthlyReport;
  kind: ReportKind;
}

function ReportCard({ report, kind, onOpen }: { report: MonthlyReport; kind: ReportKind; onOpen: () => void }) {
  const summary = summarize(report);
  const Preview = kind === 'graph' ? EquityPreview : DailyProfitPreview;
  return (
    <article className="report-card surface-card">
      <header className="report-card__header">
        <h4 className="report-card__kind">{REPORT_KIND_LABELS[kind]}</h4>
        <p className="report-card__month">{report.label}</p>
      </header>
      <div className="report-card__chart" aria-hidden="true">
        <Suspense fallback={<div className="skeleton report-card__chart-skeleton" />}>
          <Preview report={report} />
        </Suspense>
      </div>
      <p className="report-card__figures">
        {kind === 'graph' ? (
          <>
            <span>ROI {formatPercent(summary.roiPercent)}</span>
            <span>Net {formatSignedUsd(summary.netProfitUsd)}</span>
          </>
        ) : (
          <>
            <span>{summary.trades} trades</span>
            <span>Win ratio {formatPercent(summary.winRatePercent)}</span>
          </>
        )}
      </p>
      {/* Stretched over the whole card (reports.css), so the card is one big target. */}
      <button type="button" className="report-card__open" onClick={onOpen} aria-haspopup="dialog">
        View<span className="visually-hidden"> {report.label}</span> {REPORT_KIND_LABELS[kind].toLowerCase()}
      </button>
    </article>
  );
}

function MonthPanel({ report, onOpen }: { report: MonthlyReport; onOpen: (open: OpenReport) => void }) {
  return (
    <div className="report-month">
      <h3 className="report-month__title">{report.label}</h3>
      <div className="report-month__cards">
        <ReportCard report={report} kind="graph" onOpen={() => onOpen({ report, kind: 'graph' })} />
        <ReportCard report={report} kind="report" onOpen={() => onOpen({ report, kind: 'report' })} />
      </div>
    </div>
  );
}

function Overview() {
  const overall = overallSummary();
  return (
    <div className="report-overview">
      <DescriptionList
        className="report-figures report-figures--overview"
        itemClassName="report-figures__item"
        rows={[
          ['Win ratio', formatPercent(overall.winRatePercent)],
          ['Average monthly ROI', formatPercent(overall.averageMonthlyRoiPercent)],
          ['Best month', formatPercent(overall.bestMonthRoiPercent)],
          ['Trades', overall.trades],
        ]}
      />
      <figure className="report-overview__chart surface-card">
        <figcaption className="report-viewer__chart-title">Return on investment per month</figcaption>
        <Suspense fallback={<div className="skeleton" style={{ height: 260 }} />}>
          <MonthlyRoiChart
            months={overall.months.map(({ report, summary }) => ({
              label: report.label.slice(0, 3),
              roiPercent: summary.roiPercent,
            }))}
          />
        </Suspense>
      </figure>
    </div>
  );
}

/**
 * The reports section of the home page: live trading, all months,
 * or one month; each month's graph and detailed report open full screen.
 */
export function ReportsSection() {
  const [tab, setTab] = useState<TabId>('all');
  const [open, setOpen] = useState<OpenReport | null>(null);
  const month = MONTHLY_REPORTS.find((report) => report.id === tab);

  return (
    <div className="reports">
      <TabList
        label="Performance reports"
        idPrefix={ID_PREFIX}
        items={REPORT_TABS}
        value={tab}
        onChange={setTab}
        className="reports__tabs"
      />
      <TabPanel idPrefix={ID_PREFIX} id={tab} className="reports__panel">
        {tab === 'live' && <LiveTrading />}
        {tab === 'all' && (
          <>
            <Overview />
            {MONTHLY_REPORTS.map((report) => (
              <MonthPanel key={report.id} report={report} onOpen={setOpen} />
            ))}
          </>
        )}
        {month && <MonthPanel report={month} onOpen={setOpen} />}
      </TabPanel>
      {open && <ReportViewer report={open.report} kind={open.kind} onClose={() => setOpen(null)} />}
    </div>
  );
}
