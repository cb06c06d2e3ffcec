import { lazy } from 'react';

/** The monthly trading reports, loaded only when a page renders them (their charts are the heaviest code of the public pages). */
export const LazyReportsSection = lazy(() =>
  import('./reports-section').then((module) => ({ default: module.ReportsSection })),
);
