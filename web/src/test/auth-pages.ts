import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { mockApi } from './auth-helpers';
import { renderApp } from './test-utils';

/**
 * Test helpers for the sign-in, registration and recovery pages (tests only; never imported by
 * the app): each page opens through the whole route tree, the API answering as a test says.
 */

export type TestUser = ReturnType<typeof renderApp>['user'];

/** A page's heading (the page title at level 1), once it shows. */
export const heading = (name: string, level = 1) => screen.findByRole('heading', { level, name });

/** The boxes of a code page, left to right. */
export const otpBoxes = () => screen.getAllByRole('textbox', { name: /^Digit/ });

/** Types `code` into the code boxes, from the first. */
export async function typeCode(user: TestUser, code: string) {
  await user.click(otpBoxes()[0] as HTMLElement);
  await user.keyboard(code);
}

/**
 * Opens `page` with the API answering `routes` (anything else: 404) and waits for its title;
 * `state` is the navigation state it is opened with, if any.
 */
export async function openPage(
  page: { path: string; title: string },
  routes: Parameters<typeof mockApi>[0] = {},
  state?: Record<string, unknown>,
) {
  const api = mockApi(routes);
  const view = renderApp(state ? { pathname: page.path, state } : page.path);
  await heading(page.title);
  return { api, ...view };
}

/**
 * Opens `page` without what it needs (the e-mail of the step before) and checks that it sends the
 * visitor back to `to`, saying `message` as an error.
 */
export async function expectSentBack(page: { path: string }, to: { path: string; title: string }, message: string) {
  mockApi();
  const { router } = renderApp(page.path);
  await heading(to.title);
  expect(router.state.location.pathname).toBe(to.path);
  expect(screen.getByRole('alert')).toHaveTextContent(message);
}
