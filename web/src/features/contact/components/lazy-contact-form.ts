import { lazy } from 'react';

/** The contact form, loaded only when a page renders it. */
export const LazyContactForm = lazy(() => import('./contact-form').then((module) => ({ default: module.ContactForm })));
