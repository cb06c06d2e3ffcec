import { useCallback } from 'react';
import { TOAST_MS } from '@goldbot/shared';
import { useAutoClear } from './use-timers';

/**
 * Copies text to the clipboard. `copied` is true for `resetMs` after each successful copy (the
 * spec's copy indicators reset after 2 s); a copy meanwhile restarts the wait.
 */
export function useCopyToClipboard(resetMs: number = TOAST_MS.copyIndicator) {
  // Counts copies, so a second copy within the wait restarts it.
  const [copies, setCopies] = useAutoClear<number>(resetMs);

  /** Resolves true when the text is on the clipboard (false: no clipboard, or permission refused). */
  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        return false;
      }
      setCopies((count) => (count ?? 0) + 1);
      return true;
    },
    [setCopies],
  );

  return { copied: copies !== null, copy };
}
