import { BrowserRouter, useRoutes } from 'react-router-dom';
import type { StaticSessionStatus } from '@/features/auth/session';
import { AppProvider } from './provider';
import { routes } from './router';

/**
 * The route tree in React Router's declarative mode (`useRoutes`): the app uses no loaders or
 * actions, and leaving the data router out keeps about 16 KB gzip off every page's first load.
 * The prerender (src/prerender.tsx) renders the same tree in a static router.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

export function App({ staticSession }: { staticSession?: StaticSessionStatus | undefined }) {
  return (
    <AppProvider staticSession={staticSession}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
