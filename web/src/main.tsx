import { afterFirstPaint } from './lib/after-first-paint';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain an element with id "root"');

/** Lets the browser run what is waiting (input, paint) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// React's DOM renderer is evaluated in a task of its own, then the app: both in one module graph
// held a phone's main thread for about a third of a second in a single task.
const start = () => {
  void import('react-dom/client')
    .then(nextTask)
    .then(() => import('./app/start-app'))
    .then(({ startApp }) => startApp(container));
};
// A prerendered page (scripts/build-site.ts) reads and looks right before any JavaScript runs:
// the app, which only makes it interactive, loads once it has painted. The app shell that every
// other path gets has an empty root and shows nothing until the app runs: it loads at once.
if (container.hasChildNodes()) afterFirstPaint(start);
else start();
