import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { STATIC_SESSION_ATTRIBUTE } from './public-pages';

/**
 * Mounts the app in `container` (src/main.tsx loads this module). A prerendered page
 * (src/prerender.tsx) is hydrated; the app shell that every other path gets has an empty root,
 * which is rendered into.
 */
export function startApp(container: HTMLElement): void {
  if (!container.hasChildNodes()) {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    return;
  }
  // A signed-in page's prerendered frame was rendered with the session still being checked: it is
  // hydrated so too, before the stored session takes over. Public pages were rendered signed out.
  const staticSession = container.getAttribute(STATIC_SESSION_ATTRIBUTE) === 'loading' ? 'loading' : 'anonymous';
  const app = (
    <StrictMode>
      <App staticSession={staticSession} />
    </StrictMode>
  );
  // The page is already on screen: hydrating it as a transition lets React yield to the browser
  // every few milliseconds instead of holding the main thread for the whole tree, so a tap or a
  // scroll during hydration is answered at once.
  startTransition(() => {
    hydrateRoot(container, app);
  });
}
