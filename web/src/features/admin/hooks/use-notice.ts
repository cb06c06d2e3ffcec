import { useCallback, useEffect, useRef, useState } from 'react';

export type NoticeVariation = 'success' | 'error' | 'info';

export interface Notice {
  /** New for every notice, so the same text shown again is a new alert. */
  id: number;
  variation: NoticeVariation;
  message: string;
}

export interface NoticeApi {
  notice: Notice | null;
  /** Shows a notice; with `durationMs` it clears itself then, otherwise it stays until dismissed. */
  show: (variation: NoticeVariation, message: string, durationMs?: number) => void;
  clear: () => void;
}

/** One in-page notice at a time: a new one replaces the last and its timer. */
export function useNotice(): NoticeApi {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastId = useRef(0);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setNotice(null);
  }, []);

  const show = useCallback((variation: NoticeVariation, message: string, durationMs?: number) => {
    clearTimeout(timer.current);
    lastId.current += 1;
    setNotice({ id: lastId.current, variation, message });
    if (durationMs !== undefined) timer.current = setTimeout(() => setNotice(null), durationMs);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { notice, show, clear };
}
