import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A public page arrives prerendered (src/prerender.tsx): hydrate its HTML. The app shell that
// every other path gets has an empty root: render into it.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
