import { describe, expect, it } from 'vitest';
import { appShellDocument, filesOf, pageDocument, pageFile, robotsTxt, siteOrigin, sitemapXml } from '../build-site.js';

/** The pieces of `npm run build` that shape each prerendered page and the crawler files. */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="Site description"
    />
    <title>GoldBot</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>GoldBot needs JavaScript enabled to run.</noscript>
  </body>
</html>
`;

describe('pageDocument', () => {
  const document = pageDocument(
    SHELL,
    {
      title: 'About Us | GoldBot',
      description: 'Who builds "GoldBot" & why',
      url: 'https://goldbot.example/about',
      css: '.about{color:red}',
    },
    '<main><h1>About Us</h1></main>',
  );

  it("puts the page's title, description, canonical URL and Open Graph tags in its head, escaped", () => {
    expect(document).toContain('<title>About Us | GoldBot</title>');
    expect(document).toContain('<meta name="description" content="Who builds &quot;GoldBot&quot; &amp; why" />');
    expect(document).not.toContain('Site description');
    expect(document).toContain('<link rel="canonical" href="https://goldbot.example/about" />');
    expect(document).toContain('<meta property="og:title" content="About Us | GoldBot" />');
    expect(document).toContain('<meta property="og:url" content="https://goldbot.example/about" />');
    expect(document).toContain('<meta property="og:description" content="Who builds &quot;GoldBot&quot; &amp; why" />');
  });

  it('inlines its CSS in place of the stylesheet link, and carries the HTML in #root without the noscript notice', () => {
    expect(document).toContain('<style>.about{color:red}</style>');
    expect(document).not.toContain('rel="stylesheet"');
    expect(document.indexOf('<style>')).toBeLessThan(document.indexOf('</head>'));
    expect(document).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(document).toContain('<div id="root"><main><h1>About Us</h1></main></div>');
    expect(document).not.toContain('<noscript>');
  });

  it('declares the inlined stylesheets disabled, so the app does not fetch and apply them again', () => {
    const page = pageDocument(
      SHELL,
      { ...emptyHead, css: '.a{}', stylesheets: ['assets/index-abc.css', 'assets/about-1.css'] },
      '<main></main>',
    );
    expect(page).toContain('<link rel="stylesheet" href="/assets/index-abc.css" disabled />');
    expect(page).toContain('<link rel="stylesheet" href="/assets/about-1.css" disabled />');
    expect(page.match(/rel="stylesheet"/g)).toHaveLength(2);
  });

  it("marks a signed-in page's frame on its root, to be hydrated with the session still being checked, and keeps it out of search results", () => {
    const frame = pageDocument(
      SHELL,
      { ...emptyHead, signedInFrame: { attribute: 'data-static-session' } },
      '<main><h1>Dashboard</h1></main>',
    );
    expect(frame).toContain('<div id="root" data-static-session="loading"><main><h1>Dashboard</h1></main></div>');
    expect(frame).toContain('<meta name="robots" content="noindex" />');
    expect(document).not.toContain('noindex');
    expect(document).not.toContain('data-static-session');
  });

  it('refuses a template without an empty root', () => {
    expect(() => pageDocument(SHELL.replace('<div id="root"></div>', ''), { ...emptyHead }, '<main></main>')).toThrow(
      /root/,
    );
  });
});

const emptyHead = { title: 't', description: 'd', url: 'https://x.example/', css: '' };

describe('the app and its files', () => {
  const manifest = {
    'index.html': { file: 'assets/index-abc.js', css: ['assets/index-abc.css'] },
    'src/app/start-app.tsx': {
      file: 'assets/start-app-1.js',
      css: ['assets/start-app-1.css'],
      imports: ['_react.js', 'index.html'],
    },
    '_react.js': { file: 'assets/react-2.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-3.js', css: ['assets/shared-3.css'], imports: ['_react.js'] },
  };

  it("collects a module's chunk, the chunks it imports statically and their stylesheets, each once", () => {
    expect(filesOf(manifest, 'src/app/start-app.tsx')).toEqual({
      js: ['assets/start-app-1.js', 'assets/react-2.js', 'assets/shared-3.js', 'assets/index-abc.js'],
      css: ['assets/start-app-1.css', 'assets/shared-3.css', 'assets/index-abc.css'],
    });
    expect(filesOf(manifest, 'src/missing.tsx')).toEqual({ js: [], css: [] });
  });

  it('has the app shell fetch the app with its entry, leaving out what it already loads', () => {
    const shell = appShellDocument(SHELL, filesOf(manifest, 'src/app/start-app.tsx').js);
    const preloads = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(preloads).toEqual(['/assets/start-app-1.js', '/assets/react-2.js', '/assets/shared-3.js']);
    expect(shell.indexOf('modulepreload')).toBeLessThan(shell.indexOf('</head>'));
  });

  it('fetches no JavaScript from a prerendered page before it has painted: only the entry, which waits for that', () => {
    const withPreload = SHELL.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/x.js">\n</head>');
    const page = pageDocument(withPreload, emptyHead, '<main></main>');
    expect(page).not.toContain('modulepreload');
    expect([...page.matchAll(/<script[^>]*>/g)]).toHaveLength(1);
  });
});

describe('files and origin', () => {
  it('writes / as index.html and every other page as <path>/index.html', () => {
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/privacy-policy')).toBe('privacy-policy/index.html');
  });

  it('takes the origin of APP_URL, the local one when unset, and refuses a relative one', () => {
    expect(siteOrigin('https://goldbot.example/some/path/')).toBe('https://goldbot.example');
    expect(siteOrigin(undefined)).toBe('http://localhost:5173');
    expect(siteOrigin('  ')).toBe('http://localhost:5173');
    expect(() => siteOrigin('goldbot.example')).toThrow(/APP_URL/);
  });

  it('lists the public pages in sitemap.xml and points robots.txt at it, keeping crawlers out of the signed-in areas', () => {
    const sitemap = sitemapXml('https://goldbot.example', ['/', '/about']);
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://goldbot.example/',
      'https://goldbot.example/about',
    ]);
    expect(sitemap.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const robots = robotsTxt('https://goldbot.example');
    expect(robots).toContain('Sitemap: https://goldbot.example/sitemap.xml');
    expect(robots).toContain('Disallow: /dashboard\nDisallow: /admin');
  });
});
