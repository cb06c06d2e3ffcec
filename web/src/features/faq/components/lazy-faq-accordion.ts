import { lazy } from 'react';

/** The questions and answers, loaded only when a page renders them. */
export const LazyFaqAccordion = lazy(() =>
  import('./faq-accordion').then((module) => ({ default: module.FaqAccordion })),
);
