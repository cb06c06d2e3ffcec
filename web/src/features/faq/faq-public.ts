/** The FAQ feature's public surface: the questions and answers as a lazily loaded section. */
export { LazyFaqAccordion } from './components/lazy-faq-accordion';
