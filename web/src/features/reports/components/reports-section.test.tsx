import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render-with-router';
import { MONTHLY_REPORTS, overallSummary, summarize } from '../data/reports';
import { ReportsSection } from './reports-section';

// recharts needs layout (ResizeObserver, sizes) that jsdom lacks; the charts are checked in the browser tests.
vi.mock('./charts', () => {
  const Chart = ({ report }: { report?: { id: string } }) => <div data-testid="chart">{report?.id ?? 'overview'}</div>;
  return {
    EquityPreview: Chart,
    DailyProfitPreview: Chart,
    EquityChart: Chart,
    DailyProfitChart: Chart,
    WeeklyProfitChart: Chart,
    MonthlyRoiChart: Chart,
  };
});

describe('report data', () => {
  it('covers January to May with the marketing figures', () => {
    expect(MONTHLY_REPORTS.map((report) => report.id)).toEqual(['jan', 'feb', 'mar', 'apr', 'may']);
    const overall = overallSummary();
    expect(Math.round(overall.winRatePercent)).toBe(92);
    expect(overall.bestMonthRoiPercent).toBeLessThanOrEqual(20);
    for (const report of MONTHLY_REPORTS) {
      const summary = summarize(report);
      expect(summary.trades).toBe(summary.wins + summary.losses);
      expect(summary.endingBalanceUsd).toBeCloseTo(summary.startingBalanceUsd + summary.netProfitUsd, 2);
    }
  });
});

describe('ReportsSection', () => {
  it('has the tabs See Live Trading, All and Jan to May', () => {
    renderAt(<ReportsSection />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'See Live Trading',
      'All',
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
    ]);
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');
    // All: a graph and a detailed report for every month.
    expect(screen.getAllByRole('button', { name: /^View .* performance graph$/ })).toHaveLength(5);
    expect(screen.getAllByRole('button', { name: /^View .* detailed report$/ })).toHaveLength(5);
  });

  it("shows one month's graph and report on its tab, and opens them full screen with the page scroll locked", async () => {
    const { user } = renderAt(<ReportsSection />);
    await user.click(screen.getByRole('tab', { name: 'Mar' }));
    const panel = screen.getByRole('tabpanel', { name: 'Mar' });
    expect(within(panel).getByRole('heading', { name: 'March 2026' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'View March 2026 detailed report' }));
    const dialog = screen.getByRole('dialog', { name: 'March 2026: detailed report' });
    expect(document.documentElement.style.overflow).toBe('hidden');
    const march = MONTHLY_REPORTS.find((report) => report.id === 'mar');
    expect(within(dialog).getAllByRole('row')).toHaveLength((march?.days.length ?? 0) + 1);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('offers the live trading video behind a play button', async () => {
    const { user } = renderAt(<ReportsSection />);
    await user.click(screen.getByRole('tab', { name: 'See Live Trading' }));
    expect(screen.queryByTitle('GoldBot live trading session')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play live trading video' }));
    expect(screen.getByTitle('GoldBot live trading session')).toHaveAttribute(
      'src',
      expect.stringContaining('autoplay=1'),
    );
  });
});
