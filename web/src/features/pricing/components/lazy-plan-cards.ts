import { lazy } from 'react';

/** The price cards, loaded only when a page renders them (they bring SWR and the price fetch). */
export const LazyPlanCards = lazy(() => import('./plan-cards').then((module) => ({ default: module.PlanCards })));
