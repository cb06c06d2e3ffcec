import { paths } from './paths';

/** The home page's own title (the tab reads "Automated XAUUSD Trading Bot | GoldBot"). */
export const HOME_TITLE = 'Automated XAUUSD Trading Bot';

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
