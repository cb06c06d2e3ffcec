import { useEffect, useState } from 'react';
import { forgetReadFlag, isRead, isReadFlagKey, markRead } from '../lib/read-flags';

export interface ReadFlags {
  isRead: (messageId: string) => boolean;
  /** Marks messages read; answers how many were unread. */
  markRead: (messageIds: readonly string[]) => number;
  forget: (messageId: string) => void;
}

/**
 * The read flags of the browser (lib/read-flags.ts) for a screen: it draws again when a flag
 * changes here or in another tab of the same browser.
 */
export function useReadFlags(): ReadFlags {
  const [, setVersion] = useState(0);
  const changed = () => setVersion((version) => version + 1);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (isReadFlagKey(event.key)) setVersion((version) => version + 1);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return {
    isRead,
    markRead: (messageIds) => {
      const marked = markRead(messageIds);
      if (marked > 0) changed();
      return marked;
    },
    forget: (messageId) => {
      forgetReadFlag(messageId);
      changed();
    },
  };
}
