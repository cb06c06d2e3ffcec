/**
 * Runs `start` once the page has painted for the first time: a prerendered page's HTML then
 * reaches the screen without sharing the network and the main thread with the app's JavaScript,
 * which only makes it interactive. The first contentful paint is the browser's own record of
 * that moment; where it keeps none, the task after the next frame comes as close. A page loaded
 * out of sight paints nothing until it is shown, so it starts at once.
 */
export function afterFirstPaint(start: () => void): void {
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    });
    // `buffered` also delivers a paint that happened before this script ran.
    observer.observe({ type: 'paint', buffered: true });
    return;
  }
  requestAnimationFrame(() => setTimeout(start, 0));
}
