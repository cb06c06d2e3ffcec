import { useEffect } from 'react';
import { APP_NAME } from '@/config/brand';

export const formatDocumentTitle = (title: string) => (title === APP_NAME ? APP_NAME : `${title} | ${APP_NAME}`);

/** Sets the browser tab title while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
