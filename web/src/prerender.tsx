import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/app';
import { AppProvider } from './app/provider';
import type { StaticSessionStatus } from './features/auth/session';

export { PUBLIC_PAGES, SIGNED_IN_FRAMES, STATIC_SESSION_ATTRIBUTE, type PublicPage } from './app/public-pages';
export { describeRoute } from './app/layouts/route-descriptions';
export { formatDocumentTitle } from './hooks/use-document-title';

/**
 * The build's server entry (scripts/build-site.ts): the HTML of the app at `url`, with every
 * lazy page and section resolved (React's `prerender` waits for each Suspense boundary). Nobody
 * is signed in (the session's server snapshot): a public page renders signed out, a signed-in
 * page's frame with the session still being checked (`session: 'loading'`), so no personal state
 * reaches static HTML. The browser hydrates the same tree (src/app/start-app.tsx).
 */
export async function renderPage(url: string, session: StaticSessionStatus = 'anonymous'): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider staticSession={session}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    // Never outline a large boundary behind its fallback with an inline script to swap it in:
    // the page must read without JavaScript, and the CSP allows no inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
