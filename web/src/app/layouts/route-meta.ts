import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

function setDescription(content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Keeps `<meta name="description">` in step with the current path. The texts live in their own
 * chunk (route-descriptions.ts): index.html already carries the site description for the first
 * paint, so they need not weigh on the landing route's initial JavaScript.
 */
export function useRouteDescription(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    let current = true;
    void import('./route-descriptions').then(({ describeRoute }) => {
      if (current) setDescription(describeRoute(pathname));
    });
    return () => {
      current = false;
    };
  }, [pathname]);
}
