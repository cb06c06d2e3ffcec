import { useState } from 'react';
import { TOAST_MS } from '@goldbot/shared';
import { useNotice, type NoticeApi, type NoticeVariation } from './use-notice';

/** What the screen's notice says once a decision landed, when it is not a plain success. */
export interface DecidedNotice {
  variation: NoticeVariation;
  message: string;
  /** How long it stays; none: until dismissed. */
  durationMs?: number;
}

interface DetailModalOptions<TDecided extends unknown[], TStale extends unknown[]> {
  /** Reads the screen's list(s) again. */
  refresh: () => unknown;
  /** What the notice says when the modal's item was decided: a text is a success, shown for the admin toast time. */
  decided: (...args: TDecided) => string | DecidedNotice;
  /** What the notice says when the item was decided elsewhere meanwhile (409) or is gone (404). */
  stale: (...args: TStale) => string;
}

export interface DetailModal<TItem, TDecided extends unknown[], TStale extends unknown[]> {
  /** The row whose modal is open. */
  selected: TItem | null;
  open: (item: TItem) => void;
  /** The screen's notice, above its list. */
  notice: NoticeApi;
  /** The modal's close, decided and stale handlers, to spread onto it. */
  modalProps: {
    onClose: () => void;
    onDecided: (...args: TDecided) => void;
    onStale: (...args: TStale) => void;
  };
}

/**
 * A list screen's detail modal over one row (a payment, a withdrawal, a refund, a transfer). A
 * decision made in it, or found made elsewhere meanwhile, ends the same way on every screen: the
 * modal closes, the screen's notice says what happened and the list is read again, so it shows
 * the rows as they are now.
 */
export function useDetailModal<TItem, TDecided extends unknown[], TStale extends unknown[]>({
  refresh,
  decided,
  stale,
}: DetailModalOptions<TDecided, TStale>): DetailModal<TItem, TDecided, TStale> {
  const [selected, setSelected] = useState<TItem | null>(null);
  const notice = useNotice();

  const settle = ({ variation, message, durationMs }: DecidedNotice) => {
    setSelected(null);
    notice.show(variation, message, durationMs);
    void refresh();
  };

  return {
    selected,
    open: setSelected,
    notice,
    modalProps: {
      onClose: () => setSelected(null),
      onDecided: (...args) => {
        const said = decided(...args);
        settle(
          typeof said === 'string'
            ? { variation: 'success', message: said, durationMs: TOAST_MS.adminPaymentsAndWithdrawals }
            : said,
        );
      },
      onStale: (...args) => settle({ variation: 'error', message: stale(...args) }),
    },
  };
}
