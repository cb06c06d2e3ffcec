import { existsSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The SPA's build and dev server. Scripts start it with
 * `createServer({ configFile: 'web/vite.config.ts', root: 'web' })` from the repo root, so every
 * path here is anchored to this file, never to process.cwd().
 */
const webRoot = import.meta.dirname;

const DEFAULT_WEB_PORT = 5173;
const DEFAULT_API_PROXY_TARGET = 'http://127.0.0.1:3000';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Modules of the @goldbot/shared workspace, which Vite compiles from source. */
const SHARED_SOURCE = new RegExp(`^${escapeRegExp(path.resolve(webRoot, '../shared/src'))}[\\\\/]`);

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${name} must be a port number between 1 and 65535, got "${raw}"`);
  }
  return port;
}

const apiProxy = {
  '/api': {
    target: process.env.API_PROXY_TARGET?.trim() || DEFAULT_API_PROXY_TARGET,
    changeOrigin: true,
  },
};

/**
 * `vite preview` serves the built site as CloudFront does (infra/lib/web-stack.ts): a public page
 * gets its own prerendered HTML (`/about` -> about/index.html), any other path without a file
 * extension gets the app shell (app-shell.html, written by scripts/build-site.ts), and files and
 * `/api/*` pass through untouched.
 */
function servePrerenderedPages(): Plugin {
  return {
    name: 'goldbot-serve-prerendered-pages',
    configurePreviewServer(server) {
      const dist = server.config.build.outDir;
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
        if (url.pathname.startsWith('/api/') || last.includes('.')) return next();
        const page = url.pathname.replace(/\/+$/, '');
        const file = page === '' ? 'index.html' : `${page.slice(1)}/index.html`;
        if (existsSync(path.join(dist, file))) req.url = `/${file}${url.search}`;
        else if (existsSync(path.join(dist, 'app-shell.html'))) req.url = `/app-shell.html${url.search}`;
        next();
      });
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), servePrerenderedPages()],
  resolve: {
    alias: { '@': path.join(webRoot, 'src') },
  },
  server: {
    host: '127.0.0.1',
    port: portFromEnv('WEB_PORT', DEFAULT_WEB_PORT),
    // A busy port must fail loudly: the local stack prints the URL it expects the SPA on.
    strictPort: true,
    proxy: apiProxy,
  },
  preview: {
    host: '127.0.0.1',
    proxy: apiProxy,
  },
  build: {
    outDir: path.join(webRoot, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    // Every page is a React.lazy import (src/app/router.tsx), so each route - and in particular
    // every admin screen - lands in its own chunk and the landing route stays small.
    // No preload links for the chunks a lazy import needs: the loader would add one <link> per
    // chunk in a single task, in the middle of a render (about 170 ms of a phone's main thread for
    // the dashboard's thirty-odd chunks, counted by Lighthouse as blocking time). The browser
    // fetches a chunk's imports itself as it reads the chunk; a lazy module's CSS still loads with
    // it. The app shell lists the app's own chunks in its HTML instead (scripts/build-site.ts).
    modulePreload: false,
    rolldownOptions: {
      treeshake: {
        // @goldbot/shared only declares constants, routes and schemas. Saying so lets the bundler
        // drop the zod schema modules from the landing chunk, which only needs the route table
        // and constants; pages that validate with zod load it in their own chunks.
        moduleSideEffects: [{ test: SHARED_SOURCE, sideEffects: false }],
      },
    },
  },
});
