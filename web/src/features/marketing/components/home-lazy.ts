import { lazy } from 'react';

/*
 * Below-the-fold parts of the home page, each in its own chunk and rendered (so fetched) only
 * when its section comes near the viewport: prices (SWR + validation), charts, the FAQ and the
 * contact form stay out of the landing route's initial JavaScript.
 */
export const LazyPlanCards = lazy(() =>
  import('@/features/pricing/components/plan-cards').then((module) => ({ default: module.PlanCards })),
);
export const LazyReportsSection = lazy(() =>
  import('@/features/reports/components/reports-section').then((module) => ({ default: module.ReportsSection })),
);
export const LazyFaqAccordion = lazy(() =>
  import('@/features/faq/components/faq-accordion').then((module) => ({ default: module.FaqAccordion })),
);
export const LazyContactForm = lazy(() =>
  import('@/features/contact/components/contact-form').then((module) => ({ default: module.ContactForm })),
);
