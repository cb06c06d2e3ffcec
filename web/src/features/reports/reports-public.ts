/** The reports feature's public surface: the monthly trading reports as a lazily loaded section. */
export { LazyReportsSection } from './components/lazy-reports-section';
