/** The contact feature's public surface: the contact form as a lazily loaded section. */
export { LazyContactForm } from './components/lazy-contact-form';
