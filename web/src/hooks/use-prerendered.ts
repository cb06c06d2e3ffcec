import { useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True when this component was first rendered into static HTML (the build's prerender) or is
 * hydrating such HTML, false when it mounted in the browser (a client-side navigation, the app
 * shell). Remembered for the component's life, so content the static page already shows is never
 * hidden again to be animated in.
 */
export function usePrerendered(): boolean {
  const fromStaticHtml = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [prerendered] = useState(fromStaticHtml);
  return prerendered;
}
