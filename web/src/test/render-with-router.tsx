import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { SessionContextValue, SessionStatus } from '@/features/auth/session';

/**
 * Test helpers for the public-site components (tests only; never imported by the app).
 * Components render inside a memory router whose every other path shows a probe with the
 * location it received, so tests can assert where a button navigated and with what state.
 */

export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-pathname={location.pathname}>
      {JSON.stringify(location.state ?? null)}
    </output>
  );
}

/** The probe's current path and navigation state. */
export function probedLocation(element: HTMLElement): { pathname: string | null; state: unknown } {
  return { pathname: element.getAttribute('data-pathname'), state: JSON.parse(element.textContent || 'null') };
}

export function renderAt(
  ui: ReactElement,
  { path = '/', routePath = '*' }: { path?: InitialEntry; routePath?: string } = {},
) {
  const user = userEvent.setup();
  const view = render(
    // A fresh SWR cache per test: no data leaks from one test into the next.
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={ui} />
          {routePath !== '*' && <Route path="*" element={<LocationProbe />} />}
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
  return { user, ...view };
}

export const TEST_USER = { username: 'trader42', email: 'trader42@example.com' };

/** A session value for `vi.mock('@/features/auth/session')`; spies stand in for the actions. */
export function fakeSession(status: SessionStatus, clearSession: () => void = () => {}): SessionContextValue {
  const signedIn = status === 'authenticated';
  return {
    status,
    user: signedIn ? TEST_USER : null,
    token: signedIn ? 'test-token' : null,
    isAdmin: false,
    clearSession,
  } as unknown as SessionContextValue;
}
