import { useState } from 'react';
import type { NoticeApi } from './use-notice';

/**
 * 'Check on chain' in a detail modal (a payment's TXID, a withdrawal's payout): asks the server to
 * read TRON again, one request at a time. The answer goes to `onChecked` (the modal shows it and
 * tells the screen); a failure is said in the modal's notice with `failedText`.
 */
export function useRecheck<T>(
  notice: NoticeApi,
  {
    check,
    onChecked,
    failedText,
  }: { check: () => Promise<T>; onChecked: (item: T) => void; failedText: (error: unknown) => string },
) {
  const [checking, setChecking] = useState(false);
  const recheck = async () => {
    if (checking) return;
    notice.clear();
    setChecking(true);
    try {
      onChecked(await check());
    } catch (error) {
      notice.show('error', failedText(error));
    } finally {
      setChecking(false);
    }
  };
  return { checking, recheck };
}
