import { HOME_TITLE } from '@/config/brand';
import { paths } from '@/config/paths';

export interface PublicPage {
  path: string;
  /** The page's document title before the site name (formatDocumentTitle). */
  title: string;
}

/**
 * The pages anyone may open: prerendered to static HTML at build time (src/prerender.tsx), listed
 * in sitemap.xml, and served each with its own HTML by `vite preview` and CloudFront. Pages that
 * need a signed-in user or a step in progress (the dashboard, the admin area, the code and reset
 * steps) are not here: they get the app shell.
 */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: paths.home.path, title: HOME_TITLE },
  ...[
    paths.about,
    paths.pricing,
    paths.contact,
    paths.faq,
    paths.terms,
    paths.privacyPolicy,
    paths.blog,
    paths.login,
    paths.register,
    paths.forgot,
  ].map(({ path, title }) => ({ path, title })),
];

/**
 * Pages only a signed-in user sees that are prerendered all the same, as their loading state: the
 * site's header and footer and the page's frame, rendered with the session still being checked
 * (the build has no session, so nobody's data can be in it). The page paints before any
 * JavaScript runs; the browser then decides who is signed in, as on any other path. Served like
 * the public pages, but not in sitemap.xml.
 */
export const SIGNED_IN_FRAMES: readonly PublicPage[] = [{ path: paths.dashboard.path, title: paths.dashboard.title }];

/**
 * Marks the root of a signed-in page's prerendered frame (scripts/build-site.ts), so the browser
 * hydrates it as it was rendered: with the session still being checked (src/app/start-app.tsx).
 */
export const STATIC_SESSION_ATTRIBUTE = 'data-static-session';
