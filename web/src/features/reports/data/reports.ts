import { roundToCents } from '@goldbot/shared';
import { formatUsdCents } from '@/lib/format';
import reportData from './monthly-reports.json';

/**
 * Monthly trading reports, read from monthly-reports.json: one
 * entry per trading day of a live account. Everything shown (graphs, figures, tables) is derived
 * here, so updating the JSON file updates the site.
 */
export interface TradingDay {
  date: string;
  trades: number;
  wins: number;
  profitUsd: number;
}

export interface MonthlyReport {
  id: 'jan' | 'feb' | 'mar' | 'apr' | 'may';
  label: string;
  days: readonly TradingDay[];
}

export interface ChartPoint {
  /** Short date for the axis, e.g. "Jan 5". */
  day: string;
  profitUsd: number;
  balanceUsd: number;
  roiPercent: number;
}

export interface WeekSummary {
  week: string;
  profitUsd: number;
  trades: number;
}

export interface ReportSummary {
  trades: number;
  wins: number;
  losses: number;
  winRatePercent: number;
  netProfitUsd: number;
  roiPercent: number;
  startingBalanceUsd: number;
  endingBalanceUsd: number;
  tradingDays: number;
  profitableDays: number;
  bestDay: TradingDay;
  worstDay: TradingDay;
  maxDrawdownPercent: number;
}

export const STARTING_BALANCE_USD: number = reportData.startingBalanceUsd;
export const REPORT_ACCOUNT: string = reportData.account;
export const MONTHLY_REPORTS = reportData.months as readonly MonthlyReport[];

/** A percentage to the hundredth (dollars are rounded to the cent by the shared roundToCents). */
const hundredths = (percent: number) => Math.round(percent * 100) / 100;

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const formatDay = (isoDate: string) => shortDate.format(new Date(`${isoDate}T00:00:00Z`));

export function chartPoints(report: MonthlyReport): ChartPoint[] {
  let balance = STARTING_BALANCE_USD;
  return report.days.map((day) => {
    balance = roundToCents(balance + day.profitUsd);
    return {
      day: formatDay(day.date),
      profitUsd: day.profitUsd,
      balanceUsd: balance,
      roiPercent: hundredths(((balance - STARTING_BALANCE_USD) / STARTING_BALANCE_USD) * 100),
    };
  });
}

/** Profit per calendar week (weeks start on Monday; the first may be short). */
export function weeklySummary(report: MonthlyReport): WeekSummary[] {
  const weeks: WeekSummary[] = [];
  let current: WeekSummary | undefined;
  for (const day of report.days) {
    const isMonday = new Date(`${day.date}T00:00:00Z`).getUTCDay() === 1;
    if (!current || isMonday) {
      current = { week: `Week ${weeks.length + 1}`, profitUsd: 0, trades: 0 };
      weeks.push(current);
    }
    current.profitUsd = roundToCents(current.profitUsd + day.profitUsd);
    current.trades += day.trades;
  }
  return weeks;
}

export function summarize(report: MonthlyReport): ReportSummary {
  const first = report.days[0];
  if (!first) throw new Error(`Report ${report.id} has no trading days`);
  let trades = 0;
  let wins = 0;
  let netProfit = 0;
  let profitableDays = 0;
  let bestDay = first;
  let worstDay = first;
  let balance = STARTING_BALANCE_USD;
  let peak = balance;
  let maxDrawdown = 0;
  for (const day of report.days) {
    trades += day.trades;
    wins += day.wins;
    netProfit += day.profitUsd;
    if (day.profitUsd > 0) profitableDays += 1;
    if (day.profitUsd > bestDay.profitUsd) bestDay = day;
    if (day.profitUsd < worstDay.profitUsd) worstDay = day;
    balance += day.profitUsd;
    peak = Math.max(peak, balance);
    maxDrawdown = Math.max(maxDrawdown, (peak - balance) / peak);
  }
  return {
    trades,
    wins,
    losses: trades - wins,
    winRatePercent: Math.round((wins / trades) * 1000) / 10,
    netProfitUsd: roundToCents(netProfit),
    roiPercent: hundredths((netProfit / STARTING_BALANCE_USD) * 100),
    startingBalanceUsd: STARTING_BALANCE_USD,
    endingBalanceUsd: roundToCents(STARTING_BALANCE_USD + netProfit),
    tradingDays: report.days.length,
    profitableDays,
    bestDay,
    worstDay,
    maxDrawdownPercent: hundredths(maxDrawdown * 100),
  };
}

/** The figures across every month, for the "All" tab. */
export function overallSummary(reports: readonly MonthlyReport[] = MONTHLY_REPORTS) {
  const summaries = reports.map((report) => ({ report, summary: summarize(report) }));
  const trades = summaries.reduce((sum, { summary }) => sum + summary.trades, 0);
  const wins = summaries.reduce((sum, { summary }) => sum + summary.wins, 0);
  const roiValues = summaries.map(({ summary }) => summary.roiPercent);
  return {
    months: summaries,
    trades,
    winRatePercent: Math.round((wins / trades) * 1000) / 10,
    averageMonthlyRoiPercent: hundredths(roiValues.reduce((sum, value) => sum + value, 0) / roiValues.length),
    bestMonthRoiPercent: Math.max(...roiValues),
  };
}

export const formatSignedUsd = (value: number) => `${value > 0 ? '+' : ''}${formatUsdCents(value)}`;
export const formatPercent = (value: number) => `${value.toFixed(1)}%`;
