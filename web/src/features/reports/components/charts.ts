import { lazy } from 'react';

/** The recharts module, fetched on first use and shared by every chart below. */
const loadCharts = () => import('./report-charts');

export const EquityPreview = lazy(() => loadCharts().then((module) => ({ default: module.EquityPreview })));
export const DailyProfitPreview = lazy(() => loadCharts().then((module) => ({ default: module.DailyProfitPreview })));
export const EquityChart = lazy(() => loadCharts().then((module) => ({ default: module.EquityChart })));
export const DailyProfitChart = lazy(() => loadCharts().then((module) => ({ default: module.DailyProfitChart })));
export const WeeklyProfitChart = lazy(() => loadCharts().then((module) => ({ default: module.WeeklyProfitChart })));
export const MonthlyRoiChart = lazy(() => loadCharts().then((module) => ({ default: module.MonthlyRoiChart })));
