/**
 * One run at a time for a job that may be started twice: a lease item, taken with a conditional
 * write before the run and given back after it. A second run that finds the lease held exits at
 * once instead of sweeping the same items beside the first (the chain re-check runs every
 * 5 minutes, and Lambda's retry of a failed run may start while the next scheduled run is going).
 * A lease ends by itself at its deadline, so a run that died holding it blocks no one for longer
 * than the function's own timeout. Plain code without AWS: the lease comes from the job's store.
 */
export interface JobLease {
  /** Takes the lease until `untilMs` unless another holder has it then; false when it is taken. */
  acquire(holder: string, nowMs: number, untilMs: number): Promise<boolean>;
  /** Gives the lease back, if `holder` still has it. */
  release(holder: string): Promise<void>;
}

export type LeasedRun<T> = { ran: true; result: T } | { ran: false };

export async function runAlone<T>(
  lease: JobLease,
  claim: { holder: string; nowMs: number; untilMs: number },
  run: () => Promise<T>,
): Promise<LeasedRun<T>> {
  if (!(await lease.acquire(claim.holder, claim.nowMs, claim.untilMs))) return { ran: false };
  try {
    return { ran: true, result: await run() };
  } finally {
    await lease.release(claim.holder);
  }
}
