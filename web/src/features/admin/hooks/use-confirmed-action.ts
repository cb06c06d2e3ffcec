import { useRef, useState } from 'react';

export interface ConfirmedActionHandlers<TItem, TResult> {
  /** Sends the action for the confirmed item to the server. */
  run: (item: TItem) => Promise<TResult>;
  /** The server did it. */
  onDone: (item: TItem, result: TResult) => void;
  onFailed: (item: TItem, error: unknown) => void;
}

export interface ConfirmedActionState<TItem> {
  /** The item waiting for the confirmation (or on its way). */
  confirming: TItem | null;
  busy: boolean;
  ask: (item: TItem) => void;
  cancel: () => void;
  confirm: () => Promise<void>;
}

/**
 * One action on one item, confirmed first, one request at a time: asking, cancelling or a second
 * confirmation while a request is on its way does nothing. The confirmation closes either way.
 */
export function useConfirmedAction<TItem, TResult>({
  run,
  onDone,
  onFailed,
}: ConfirmedActionHandlers<TItem, TResult>): ConfirmedActionState<TItem> {
  const [confirming, setConfirming] = useState<TItem | null>(null);
  const [busy, setBusy] = useState(false);
  // State lands a render later; the ref stops a double click in the same tick.
  const inFlight = useRef(false);

  const confirm = async () => {
    if (confirming === null || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      const result = await run(confirming);
      setConfirming(null);
      onDone(confirming, result);
    } catch (error) {
      setConfirming(null);
      onFailed(confirming, error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return {
    confirming,
    busy,
    ask: (item) => {
      if (!inFlight.current) setConfirming(item);
    },
    cancel: () => {
      if (!inFlight.current) setConfirming(null);
    },
    confirm,
  };
}
