import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { STATIC_SESSION_ATTRIBUTE } from './app/public-pages';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

// A signed-in page's prerendered frame was rendered with the session still being checked: it is
// hydrated so too, before the stored session takes over. Public pages were rendered signed out.
const staticSession = container.getAttribute(STATIC_SESSION_ATTRIBUTE) === 'loading' ? 'loading' : 'anonymous';
const app = (
  <StrictMode>
    <App staticSession={staticSession} />
  </StrictMode>
);
// A prerendered page (src/prerender.tsx): hydrate its HTML. The app shell that every other path
// gets has an empty root: render into it.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
