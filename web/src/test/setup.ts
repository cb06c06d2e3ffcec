import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Routes are lazy chunks: on a busy 2-core CI machine the first render of one can take longer than
// testing-library's 1 s default for findBy*/waitFor. What is awaited stays the same; only the wait.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the app scrolls to the top on every route change.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.title = '';
});
