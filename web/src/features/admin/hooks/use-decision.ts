import { useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import type { NoticeApi } from './use-notice';

export type Decision = 'approve' | 'reject';

export interface DecisionHandlers<TResponse> {
  /** Sends the decision to the server. */
  send: (decision: Decision) => Promise<TResponse>;
  /** The server accepted it. */
  onDecided: (decision: Decision, response: TResponse) => void;
  /** The item is no longer pending here (409: decided by someone else meanwhile; 404: gone). */
  onStale: (decision: Decision, error: ApiError) => void;
  /** Any other failure: the confirmation closes, the item can be decided again. */
  onFailed: (decision: Decision, error: unknown) => void;
}

export interface DecisionState {
  /** The decision waiting for its confirmation. */
  confirming: Decision | null;
  /** The decision on its way to the server. */
  deciding: Decision | null;
  busy: boolean;
  ask: (decision: Decision) => void;
  cancel: () => void;
  decide: (decision: Decision) => Promise<void>;
}

const isStale = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 409 || error.status === 404);

/**
 * Approve or reject one pending item (a payment, a withdrawal): each decision confirmed first,
 * one request at a time. A second click, or a click on the other decision, while one is on its way
 * sends nothing.
 */
export function useDecision<TResponse>(handlers: DecisionHandlers<TResponse>): DecisionState {
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  // State updates land a render later; the ref stops a double click in the same tick.
  const inFlight = useRef(false);

  const decide = async (decision: Decision) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setDeciding(decision);
    try {
      const response = await handlers.send(decision);
      handlers.onDecided(decision, response);
    } catch (error) {
      if (isStale(error)) {
        handlers.onStale(decision, error);
      } else {
        setConfirming(null);
        handlers.onFailed(decision, error);
      }
    } finally {
      inFlight.current = false;
      setDeciding(null);
    }
  };

  return {
    confirming,
    deciding,
    busy: deciding !== null,
    ask: (decision) => {
      if (!inFlight.current) setConfirming(decision);
    },
    cancel: () => {
      if (!inFlight.current) setConfirming(null);
    },
    decide,
  };
}

/**
 * useDecision in a detail modal: the modal's notice is cleared as a decision is sent, and a failure
 * is said in it with `failedText`.
 */
export function useNoticedDecision<TResponse>(
  notice: NoticeApi,
  {
    send,
    failedText,
    ...handlers
  }: Omit<DecisionHandlers<TResponse>, 'onFailed'> & { failedText: (decision: Decision, error: unknown) => string },
): DecisionState {
  return useDecision({
    ...handlers,
    send: (decision) => {
      notice.clear();
      return send(decision);
    },
    onFailed: (decision, error) => notice.show('error', failedText(decision, error)),
  });
}
