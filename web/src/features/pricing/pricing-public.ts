/**
 * The pricing feature's public surface: the price cards as a lazily loaded section, so a page that
 * shows them further down does not carry them (nor SWR and the price fetch) in its own chunk. The
 * prices themselves are in lib/package-prices.ts and the plans' contents in config/plans.ts.
 */
export { LazyPlanCards } from './components/lazy-plan-cards';
