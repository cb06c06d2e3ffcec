import type { ReactElement } from 'react';
import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { STORAGE_KEYS } from '@goldbot/shared';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { SwrDefaults } from '@/lib/swr-defaults';
import { SIGN_IN_METHOD_KEY, type SessionUser, type SignInMethod } from '@/lib/session-storage';

/** Renders a component inside the app's providers and a router, with a user-event session. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const user = userEvent.setup();
  const view = render(
    <AppProvider>
      <SwrDefaults>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </SwrDefaults>
    </AppProvider>,
  );
  return { user, ...view };
}

/** Renders the whole route tree at `path` (a path, or `{ pathname, state }` for navigation state). */
export function renderApp(path: InitialEntry) {
  const user = userEvent.setup();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user, router, ...view };
}

export function storeSession(user: SessionUser, token = 'test-token', method: SignInMethod = 'password'): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(SIGN_IN_METHOD_KEY, method);
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A promise whose settlement the test controls, for asserting in-between states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The texts of one table row's cells, left to right. */
export function cellTexts(row: HTMLElement): (string | null)[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

/** The texts of the column headers inside `element` (a table or its header row), left to right. */
export function columnHeaders(element: HTMLElement): (string | null)[] {
  return within(element)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
}
