/**
 * Told about a mail that failed where the failure must not undo what the use case did: a mail an
 * effect promised after it was committed, neither sent nor kept for retry by the outbox
 * (mail-outbox.ts), or an administrators' notice whose claim was given back for the next run.
 * `entityId` names what the mail was about (the payment, the withdrawal, the refund, the
 * subscription, the transfer). How the failure is reported, a log line and its level, is the
 * composition's policy (wiring/), so every use case that mails reports it the same way and the
 * domain holds no logging policy of its own.
 */
export type OnMailFailure = (error: unknown, entityId: string) => void;

/**
 * Sends a mail after the use case committed: a failure goes to `onMailFailure` by `entityId` and
 * never undoes what was committed.
 */
export async function mailAfterCommit(
  send: () => Promise<void>,
  onMailFailure: OnMailFailure,
  entityId: string,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    onMailFailure(error, entityId);
  }
}
