/**
 * `npm run build`: the production site in web/dist, its public pages prerendered.
 *
 * 1. The client build (Vite), with its manifest.
 * 2. A server build of web/src/prerender.tsx, every dynamic import inlined, and each page rendered
 *    to HTML with React's own static renderer (`prerender` from react-dom/static, which waits for
 *    the lazy pages and sections). The browser hydrates that HTML once it has painted
 *    (web/src/main.tsx).
 * 3. Each public page (PUBLIC_PAGES, web/src/app/public-pages.ts) is written as its own
 *    `<path>/index.html` (the home page as `index.html`): the page's title, description, canonical
 *    URL and Open Graph tags, its CSS inlined (the entry's and that of the lazy modules its render
 *    used), and its HTML in #root. The dashboard (SIGNED_IN_FRAMES) is written the same way as its
 *    loading state, rendered with the session still being checked and marked so on its root, and
 *    kept out of search results (noindex). A page fetches no JavaScript but the entry, which loads
 *    the app once the page has painted. The build output, with the app's chunks preloaded, becomes
 *    `app-shell.html`, which every other path gets (the receipts, the admin area, unknown paths).
 * 4. sitemap.xml and robots.txt from the public pages, on the origin of APP_URL (the app URL
 *    setting, `http://localhost:5173` when unset), and prerendered.json, the list of every page
 *    written, which the hosting serves from (infra/lib/web-stack.ts, the preview server in
 *    web/vite.config.ts).
 *
 * Run: `npm run build` (or `npx tsx scripts/build-site.ts`). `buildSite()` is what
 * `npm run lighthouse` and the no-JavaScript browser test build with.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import Handlebars from 'handlebars';

/** Text for an HTML attribute or element: handlebars' own escaping, as the mail uses. */
const escapeHtml = (value: string): string => Handlebars.Utils.escapeExpression(value);

const ROOT = path.resolve(import.meta.dirname, '..');
export const WEB_ROOT = path.join(ROOT, 'web');
export const WEB_DIST = path.join(WEB_ROOT, 'dist');
const VITE_CONFIG = path.join(WEB_ROOT, 'vite.config.ts');
const SERVER_OUT = path.join(WEB_ROOT, 'node_modules', '.prerender');
/**
 * The app itself, which the entry (web/src/main.tsx) imports once a prerendered page has painted,
 * or at once in the app shell.
 */
export const APP_START_MODULE = 'src/app/start-app.tsx';
export const LOCAL_APP_URL = 'http://localhost:5173';

/** Where each page's HTML goes: `/` is `index.html`, `/about` is `about/index.html`. */
export const pageFile = (pagePath: string) => (pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}/index.html`);
export const APP_SHELL_FILE = 'app-shell.html';
export const PRERENDERED_LIST_FILE = 'prerendered.json';

type StaticSession = 'anonymous' | 'loading';

/** What web/src/prerender.tsx exports. */
interface ServerEntry {
  renderPage(url: string, session: StaticSession): Promise<string>;
  PUBLIC_PAGES: readonly { path: string; title: string }[];
  SIGNED_IN_FRAMES: readonly { path: string; title: string }[];
  STATIC_SESSION_ATTRIBUTE: string;
  describeRoute(pathname: string): string;
  formatDocumentTitle(title: string): string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

declare global {
  /** The web modules whose dynamic import a render asked for (set per page by `renderPages`). */
  var __prerenderImports: Set<string> | undefined;
}

/**
 * Server build only: every `import('…')` in the app's own code first notes the module it loads,
 * so the page's HTML can carry the styles of the lazy modules it rendered.
 */
function noteLazyImports(): Plugin {
  const dynamicImport = /\bimport\(\s*(['"])([^'"]+)\1\s*\)/g;
  return {
    name: 'goldbot-note-lazy-imports',
    async transform(code, id) {
      if (!id.startsWith(path.join(WEB_ROOT, 'src')) || !code.includes('import(')) return null;
      let out = '';
      let last = 0;
      for (const match of code.matchAll(dynamicImport)) {
        const resolved = await this.resolve(match[2] ?? '', id);
        if (!resolved) continue;
        const module = JSON.stringify(path.relative(WEB_ROOT, resolved.id.split('?')[0] ?? ''));
        out += `${code.slice(last, match.index)}(globalThis.__prerenderImports?.add(${module}), ${match[0]})`;
        last = match.index + match[0].length;
      }
      return last === 0 ? null : { code: out + code.slice(last), map: null };
    },
  };
}

/**
 * The files a module needs: its chunk and the chunks it imports statically (`js`), and their
 * stylesheets (`css`).
 */
export function filesOf(manifest: Manifest, key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return { js: [], css: [] };
  seen.add(key);
  const imported = (chunk.imports ?? []).map((importedKey) => filesOf(manifest, importedKey, seen));
  return {
    js: [chunk.file, ...imported.flatMap((files) => files.js)],
    css: [...(chunk.css ?? []), ...imported.flatMap((files) => files.css)],
  };
}

/**
 * The app shell (the build's index.html, for every path without a page of its own) fetches the
 * app's module (`APP_START_MODULE`) with the entry: it has nothing to show before the app runs, so
 * the entry should not first have to load to ask for it.
 */
export function appShellDocument(shell: string, appFiles: readonly string[]): string {
  const preloads = appFiles
    .filter((file) => !shell.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  return shell.replace('</head>', () => `  ${preloads.join('\n    ')}\n  </head>`);
}

export interface PageHead {
  title: string;
  description: string;
  url: string;
  /** The page's whole CSS: the entry's and that of the lazy modules its render used. */
  css: string;
  /** The built stylesheets (`assets/…css`) that `css` holds. */
  stylesheets?: readonly string[];
  /**
   * A signed-in page's frame: the attribute marking its root as rendered with the session still
   * being checked (src/app/start-app.tsx hydrates it so), and noindex, as it is no page to find.
   */
  signedInFrame?: { attribute: string };
}

/**
 * The page's own `<head>` and its HTML in #root, in the built index.html. Its CSS is inlined
 * (the CSP allows inline styles, not scripts): the page paints at once, styled, without waiting
 * for a stylesheet on a slow network, and without JavaScript.
 */
export function pageDocument(shell: string, head: PageHead, html: string): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const url = escapeHtml(head.url);
  const tags = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    ...(head.signedInFrame ? ['<meta name="robots" content="noindex" />'] : []),
    `<style>${head.css.replaceAll('</style', '<\\/style')}</style>`,
    // The stylesheets above, declared and disabled (a disabled stylesheet is not fetched): when the
    // app later loads the modules of this page, its loader sees their CSS is here and does not
    // fetch and apply it again, which would restyle the whole page once per file.
    ...(head.stylesheets ?? []).map((file) => `<link rel="stylesheet" href="/${escapeHtml(file)}" disabled />`),
  ];
  const root = head.signedInFrame ? `<div id="root" ${head.signedInFrame.attribute}="loading">` : '<div id="root">';
  const replaced = shell
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, `<meta name="description" content="${description}" />`)
    .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
    // Nothing of the app is fetched before the page has painted: the entry asks for it then.
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', () => `${root}${html}</div>`)
    // The page reads without JavaScript; only its forms and menus need it.
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  if (!replaced.includes(`${root}${html}</div>`)) throw new Error('index.html has no empty <div id="root">');
  return replaced;
}

export const sitemapXml = (origin: string, pagePaths: readonly string[]) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pagePaths.map((pagePath) => `  <url><loc>${escapeHtml(origin + pagePath)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');

/** Crawlers may read the public pages; the signed-in areas have nothing for them. */
export const robotsTxt = (origin: string) =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /admin',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

/** The origin of the app URL setting (`APP_URL`), the local one when unset. */
export function siteOrigin(appUrl: string | undefined): string {
  const raw = appUrl?.trim() || LOCAL_APP_URL;
  try {
    return new URL(raw).origin;
  } catch {
    throw new Error(`APP_URL must be an absolute URL such as https://goldbot.example, got "${raw}"`);
  }
}

export interface SiteBuild {
  origin: string;
  /** The public pages (those in sitemap.xml). */
  pages: string[];
  /** The signed-in pages prerendered as their frame. */
  frames: string[];
}

export async function buildSite({ appUrl = process.env.APP_URL }: { appUrl?: string } = {}): Promise<SiteBuild> {
  const origin = siteOrigin(appUrl);
  await build({
    configFile: VITE_CONFIG,
    root: WEB_ROOT,
    mode: 'production',
    logLevel: 'warn',
    build: { manifest: true },
  });
  await build({
    configFile: VITE_CONFIG,
    root: WEB_ROOT,
    mode: 'production',
    logLevel: 'warn',
    plugins: [noteLazyImports()],
    build: {
      ssr: 'src/prerender.tsx',
      outDir: SERVER_OUT,
      emptyOutDir: true,
      // One file: importing it again gives every page fresh lazy components, whose imports it notes.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });

  const manifestFile = path.join(WEB_DIST, '.vite', 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
  const shell = await readFile(path.join(WEB_DIST, 'index.html'), 'utf8');
  const app = filesOf(manifest, APP_START_MODULE);
  if (app.js.length === 0) throw new Error(`The client build has no chunk for ${APP_START_MODULE}`);
  await writeFile(path.join(WEB_DIST, APP_SHELL_FILE), appShellDocument(shell, app.js));
  // Every page's CSS starts with the entry's and the app's, which the page renders with.
  const entryCss = [...filesOf(manifest, 'index.html').css, ...app.css];
  const serverEntry = pathToFileURL(path.join(SERVER_OUT, 'prerender.js')).href;

  const { PUBLIC_PAGES, SIGNED_IN_FRAMES, STATIC_SESSION_ATTRIBUTE } = (await import(serverEntry)) as ServerEntry;
  const toRender = [
    ...PUBLIC_PAGES.map((page) => ({ page, session: 'anonymous' as const })),
    ...SIGNED_IN_FRAMES.map((page) => ({ page, session: 'loading' as const })),
  ];
  for (const [index, { page, session }] of toRender.entries()) {
    globalThis.__prerenderImports = new Set();
    const server = (await import(`${serverEntry}?page=${index}`)) as ServerEntry;
    const html = await server.renderPage(page.path, session);
    // Scripts in the page would be React swapping in content a boundary held back: unreadable
    // without JavaScript, and refused by the CSP (scripts from our own files only).
    if (html.includes('<script')) throw new Error(`${page.path} did not render whole: its HTML has a script`);
    const lazy = [...globalThis.__prerenderImports].map((module) => filesOf(manifest, module).css);
    const stylesheets = [...new Set([...entryCss, ...lazy.flat()])];
    const css = (await Promise.all(stylesheets.map((file) => readFile(path.join(WEB_DIST, file), 'utf8')))).join('\n');
    const document = pageDocument(
      shell,
      {
        title: server.formatDocumentTitle(page.title),
        description: server.describeRoute(page.path),
        url: origin + page.path,
        css,
        stylesheets,
        ...(session === 'loading' ? { signedInFrame: { attribute: STATIC_SESSION_ATTRIBUTE } } : {}),
      },
      html,
    );
    const file = path.join(WEB_DIST, pageFile(page.path));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, document);
  }
  globalThis.__prerenderImports = undefined;

  const pages = PUBLIC_PAGES.map((page) => page.path);
  await writeFile(path.join(WEB_DIST, 'sitemap.xml'), sitemapXml(origin, pages));
  await writeFile(path.join(WEB_DIST, 'robots.txt'), robotsTxt(origin));
  const written = toRender.map(({ page }) => page.path);
  await writeFile(path.join(WEB_DIST, PRERENDERED_LIST_FILE), `${JSON.stringify({ pages: written }, null, 2)}\n`);
  // The manifest and the server build were only for this step: neither is part of the site.
  await rm(path.join(WEB_DIST, '.vite'), { recursive: true, force: true });
  await rm(SERVER_OUT, { recursive: true, force: true });
  return { origin, pages, frames: SIGNED_IN_FRAMES.map((page) => page.path) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { origin, pages, frames } = await buildSite();
  console.log(
    `Built web/dist: ${pages.length} public pages and ${frames.length} signed-in frame(s) prerendered on ${origin}, sitemap.xml, robots.txt`,
  );
}
