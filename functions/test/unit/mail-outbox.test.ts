import { describe, expect, it } from 'vitest';
import { FAILED_MAIL_MESSAGES } from '@goldbot/shared';
import {
  MAIL_RETRY,
  deliverOrKeep,
  describeMailError,
  listFailedMails,
  planAttemptFailure,
  resendFailedMail,
  retryDelayMs,
  retryDueMails,
  type MailOutboxStore,
  type OutboxMail,
  type OutboxMailContent,
} from '../../src/domain/email/mail-outbox.js';
import { ConflictError, NotFoundError, ServiceUnavailableError } from '../../src/domain/errors.js';
import type { AuditEntry } from '../../src/domain/records/audit-entry.js';
import { outboxMailId } from '../../src/data/outbox-mail-entity.js';
import { createLogger } from '../../src/kit/logger.js';

const silentLogger = createLogger('silent');

/**
 * The outbox rules over an in-memory outbox that applies the table's conditions (keep only when
 * absent, claim only while due as read or failed and unheld, mark only with the claim), with the
 * clock moved by hand and a mail service that refuses until told otherwise.
 */
const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const MINUTE = 60_000;

function memoryOutbox() {
  const mails = new Map<string, OutboxMail>();
  const audits: AuditEntry[] = [];
  const store: MailOutboxStore = {
    async keep(mail, first) {
      const id = outboxMailId(mail);
      if (mails.has(id)) return false;
      mails.set(id, {
        ...mail,
        _id: id,
        status: 'due',
        attempts: 1,
        createdAt: first.at,
        nextAttemptAt: first.nextAttemptAt,
        failedAt: null,
        lastError: first.lastError,
        claimId: null,
        claimedUntil: null,
        sentAt: null,
      });
      return true;
    },
    async dueMails(at, limit) {
      return [...mails.values()]
        .filter((m) => m.status === 'due' && m.nextAttemptAt !== null && m.nextAttemptAt <= at)
        .sort((a, b) => String(a.nextAttemptAt).localeCompare(String(b.nextAttemptAt)))
        .slice(0, limit)
        .map((m) => ({ ...m }));
    },
    async claimDue(mail, { claimId, until }) {
      const current = mails.get(mail._id);
      if (current?.status !== 'due' || current.nextAttemptAt !== mail.nextAttemptAt) return false;
      mails.set(mail._id, { ...current, claimId, claimedUntil: until, nextAttemptAt: until });
      return true;
    },
    async claimFailed(id, { claimId, at, until }) {
      const current = mails.get(id);
      if (current?.status !== 'failed' || (current.claimedUntil !== null && current.claimedUntil >= at)) return false;
      mails.set(id, { ...current, claimId, claimedUntil: until });
      return true;
    },
    async markSent(id, claimId, sentAt, audit) {
      const current = mails.get(id);
      if (current?.claimId !== claimId) return false;
      mails.set(id, { ...current, status: 'sent', sentAt, claimId: null, claimedUntil: null, nextAttemptAt: null });
      if (audit) audits.push(audit);
      return true;
    },
    async markFailed(id, claimId, failure) {
      const current = mails.get(id);
      if (current?.claimId !== claimId) return false;
      mails.set(id, {
        ...current,
        claimId: null,
        claimedUntil: null,
        status: failure.status,
        attempts: failure.attempts,
        lastError: failure.lastError,
        nextAttemptAt: failure.status === 'due' ? failure.nextAttemptAt : null,
        failedAt: failure.status === 'failed' ? failure.failedAt : current.failedAt,
      });
      return true;
    },
    getMail: async (id) => {
      const mail = mails.get(id);
      return mail ? { ...mail } : null;
    },
    async listFailed({ limit }) {
      const items = [...mails.values()]
        .filter((m) => m.status === 'failed')
        .sort((a, b) => String(b.failedAt).localeCompare(String(a.failedAt)));
      return { items: items.slice(0, limit), nextCursor: null };
    },
    countFailed: async () => [...mails.values()].filter((m) => m.status === 'failed').length,
  };
  return { store, mails, audits };
}

/** A mail service that refuses (like SES throttling) while `down`, and records what it delivered. */
function mailService() {
  const service = {
    down: true,
    delivered: [] as OutboxMailContent[],
    async send(mail: OutboxMailContent) {
      if (service.down) {
        throw Object.assign(new Error(`Maximum sending rate exceeded for ${mail.to}`), { name: 'ThrottlingException' });
      }
      service.delivered.push({ to: mail.to, type: mail.type, values: mail.values, entityId: mail.entityId });
    },
  };
  return service;
}

const DECISION: OutboxMailContent = {
  to: 'jane.doe@example.com',
  type: 'withdrawalApproved',
  values: { username: 'jane_doe', amount: '25' },
  entityId: '01KDX6R4F2N8W3T7Q5M9P1Z0RA',
};

function world() {
  let nowMs = T0;
  let ids = 0;
  const { store, mails, audits } = memoryOutbox();
  const ses = mailService();
  const deps = {
    outbox: store,
    send: (mail: OutboxMailContent) => ses.send(mail),
    now: () => new Date(nowMs),
    newClaimId: () => `claim-${(ids += 1)}`,
    newId: () => `audit-${(ids += 1)}`,
    log: silentLogger,
  };
  return {
    deps,
    store,
    mails,
    audits,
    ses,
    advance: (ms: number) => {
      nowMs += ms;
    },
    only: () => {
      const [mail] = [...mails.values()];
      if (!mail) throw new Error('no mail kept');
      return mail;
    },
  };
}

/** Runs the retry job at each due time until the mail leaves the due state. */
async function runUntilSettled(w: ReturnType<typeof world>) {
  for (let i = 0; i < MAIL_RETRY.maxAttempts + 2 && w.only().status === 'due'; i += 1) {
    const due = w.only().nextAttemptAt;
    if (due) w.advance(Math.max(0, Date.parse(due) - w.deps.now().getTime()));
    await retryDueMails(w.deps);
  }
}

describe('back-off', () => {
  it('doubles from a minute after each failed attempt, capped at two hours, and lists the mail after the last', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1, 2, 4, 8, 16].map((m) => m * MINUTE));
    expect(retryDelayMs(20)).toBe(MAIL_RETRY.maxDelayMs);
    const at = new Date(T0);
    expect(planAttemptFailure(1, at, new Error('x'))).toMatchObject({
      status: 'due',
      attempts: 1,
      nextAttemptAt: new Date(T0 + MINUTE).toISOString(),
    });
    expect(planAttemptFailure(MAIL_RETRY.maxAttempts, at, new Error('x'))).toMatchObject({
      status: 'failed',
      failedAt: at.toISOString(),
    });
    // Eight attempts span a little over two hours: an hour-long SES outage is outlived.
    const span = Array.from({ length: MAIL_RETRY.maxAttempts - 1 }, (_, i) => retryDelayMs(i + 1)).reduce(
      (a, b) => a + b,
    );
    expect(span).toBeGreaterThan(60 * MINUTE);
  });

  it('keeps the error name and first line, never an address, a stack or a long body', () => {
    const error = Object.assign(new Error('Email address is not verified: jane.doe@example.com\n  at stack'), {
      name: 'MessageRejected',
    });
    expect(describeMailError(error)).toBe('MessageRejected: Email address is not verified: [address]');
    expect(describeMailError(new Error('x'.repeat(500))).length).toBeLessThanOrEqual(220);
  });
});

describe('deliverOrKeep', () => {
  it('keeps nothing when the mail is delivered', async () => {
    const w = world();
    w.ses.down = false;
    await expect(deliverOrKeep(w.deps, DECISION)).resolves.toBe('sent');
    expect(w.mails.size).toBe(0);
    expect(w.ses.delivered).toEqual([DECISION]);
  });

  it('keeps a refused mail once per effect, however often the effect is retried', async () => {
    const w = world();
    await expect(deliverOrKeep(w.deps, DECISION)).resolves.toBe('kept');
    await expect(deliverOrKeep(w.deps, DECISION)).resolves.toBe('kept');
    expect(w.mails.size).toBe(1);
    expect(w.only()).toMatchObject({
      ...DECISION,
      status: 'due',
      attempts: 1,
      nextAttemptAt: new Date(T0 + MINUTE).toISOString(),
      lastError: 'ThrottlingException: Maximum sending rate exceeded for [address]',
    });
    // Another effect's mail to the same person is its own.
    await deliverOrKeep(w.deps, { ...DECISION, entityId: 'another-withdrawal' });
    expect(w.mails.size).toBe(2);
  });

  it('throws the send error when the mail can be neither sent nor kept', async () => {
    const w = world();
    const sendError = new Error('SES is down');
    await expect(
      deliverOrKeep(
        {
          ...w.deps,
          send: () => Promise.reject(sendError),
          outbox: { keep: () => Promise.reject(new Error('DynamoDB is down')) },
        },
        DECISION,
      ),
    ).rejects.toBe(sendError);
  });
});

describe('retryDueMails', () => {
  it('a withdrawal decision mail lost after the money moved: kept, retried with back-off, delivered once when SES is back', async () => {
    const w = world();
    await deliverOrKeep(w.deps, DECISION);
    // Not yet due: a run now sends nothing.
    await expect(retryDueMails(w.deps)).resolves.toMatchObject({ processed: 0, sent: 0 });
    w.advance(MINUTE);
    await expect(retryDueMails(w.deps)).resolves.toMatchObject({ processed: 1, retryLater: 1 });
    expect(w.only()).toMatchObject({ attempts: 2, nextAttemptAt: new Date(T0 + 3 * MINUTE).toISOString() });
    w.ses.down = false;
    w.advance(2 * MINUTE);
    await expect(retryDueMails(w.deps)).resolves.toMatchObject({ sent: 1 });
    expect(w.ses.delivered).toEqual([DECISION]);
    expect(w.only().status).toBe('sent');
    // Delivered: later runs and the same effect again send and keep nothing more.
    w.advance(60 * MINUTE);
    await expect(retryDueMails(w.deps)).resolves.toMatchObject({ processed: 0 });
    await deliverOrKeep({ ...w.deps, send: () => Promise.reject(new Error('down')) }, DECISION);
    expect(w.only().status).toBe('sent');
    expect(w.ses.delivered).toHaveLength(1);
  });

  it('lists the mail as failed after its last attempt, and only then', async () => {
    const w = world();
    await deliverOrKeep(w.deps, DECISION);
    await runUntilSettled(w);
    expect(w.only()).toMatchObject({ status: 'failed', attempts: MAIL_RETRY.maxAttempts, nextAttemptAt: null });
    const listed = await listFailedMails(w.store, { limit: 50 });
    expect(listed).toMatchObject({
      total: 1,
      mails: [
        { to: DECISION.to, kind: 'withdrawalApproved', attempts: MAIL_RETRY.maxAttempts, entityId: DECISION.entityId },
      ],
    });
    expect(listed.mails[0]?.lastError).toContain('ThrottlingException');
    expect(w.ses.delivered).toHaveLength(0);
  });

  it('sends a due mail once when two runs race (a job delivered twice)', async () => {
    const w = world();
    await deliverOrKeep(w.deps, DECISION);
    w.ses.down = false;
    w.advance(MINUTE);
    const runs = await Promise.all([retryDueMails(w.deps), retryDueMails(w.deps)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(w.ses.delivered).toHaveLength(1);
  });

  it('counts a mail whose outcome the table refused as failed, and goes on with the next', async () => {
    const w = world();
    await deliverOrKeep(w.deps, DECISION);
    await deliverOrKeep(w.deps, { ...DECISION, entityId: 'second' });
    w.advance(MINUTE);
    let refusals = 1;
    const outbox: MailOutboxStore = {
      ...w.store,
      markFailed: (...args) =>
        refusals-- > 0 ? Promise.reject(new Error('ProvisionedThroughputExceeded')) : w.store.markFailed(...args),
    };
    await expect(retryDueMails({ ...w.deps, outbox })).resolves.toMatchObject({
      processed: 2,
      failed: 1,
      retryLater: 1,
    });
  });

  it('stops taking mails when the function is out of time, and says the run is incomplete', async () => {
    const w = world();
    await deliverOrKeep(w.deps, DECISION);
    w.advance(MINUTE);
    const run = await retryDueMails({ ...w.deps, remainingMs: () => MAIL_RETRY.reserveMs - 1 });
    expect(run).toMatchObject({ processed: 0, complete: false });
    expect(w.only().attempts).toBe(1);
  });
});

describe('resendFailedMail', () => {
  async function failedWorld() {
    const w = world();
    await deliverOrKeep(w.deps, DECISION);
    await runUntilSettled(w);
    return w;
  }
  const ADMIN = { id: 'admin-sub', email: 'admin@example.com' };

  it('sends the mail again, takes it off the list and audits it', async () => {
    const w = await failedWorld();
    w.ses.down = false;
    const answer = await resendFailedMail(w.deps, w.only()._id, ADMIN);
    expect(answer.message).toBe(FAILED_MAIL_MESSAGES.resent);
    expect(w.ses.delivered).toEqual([DECISION]);
    expect(await listFailedMails(w.store, { limit: 50 })).toMatchObject({ total: 0, mails: [] });
    expect(w.audits).toEqual([
      expect.objectContaining({
        actor: ADMIN.id,
        actorEmail: ADMIN.email,
        action: 'mail.resend',
        target: { type: 'mail', id: w.only()._id },
        details: expect.objectContaining({ kind: 'withdrawalApproved', from: 'failed', to: 'sent' }),
      }),
    ]);
  });

  it('sends once under a double click: the second click is told it is under way or already sent', async () => {
    const w = await failedWorld();
    w.ses.down = false;
    const [a, b] = await Promise.allSettled([
      resendFailedMail(w.deps, w.only()._id, ADMIN),
      resendFailedMail(w.deps, w.only()._id, ADMIN),
    ]);
    expect(w.ses.delivered).toHaveLength(1);
    const outcomes = [a, b].map((r) => (r.status === 'fulfilled' ? r.value.message : (r.reason as Error).message));
    expect(outcomes).toContain(FAILED_MAIL_MESSAGES.resent);
    expect([FAILED_MAIL_MESSAGES.inProgress, FAILED_MAIL_MESSAGES.alreadySent]).toContain(
      outcomes.find((m) => m !== FAILED_MAIL_MESSAGES.resent),
    );
    // Clicked again later: already sent, nothing sent again.
    await expect(resendFailedMail(w.deps, w.only()._id, ADMIN)).resolves.toMatchObject({
      message: FAILED_MAIL_MESSAGES.alreadySent,
    });
    expect(w.ses.delivered).toHaveLength(1);
  });

  it('answers 503 when SES refuses again, and the mail stays listed with the new error', async () => {
    const w = await failedWorld();
    await expect(resendFailedMail(w.deps, w.only()._id, ADMIN)).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(w.only()).toMatchObject({ status: 'failed', attempts: MAIL_RETRY.maxAttempts + 1, claimId: null });
    expect((await listFailedMails(w.store, { limit: 50 })).total).toBe(1);
    // Tried again at once, it is not held by the failed attempt.
    w.ses.down = false;
    await expect(resendFailedMail(w.deps, w.only()._id, ADMIN)).resolves.toMatchObject({
      message: FAILED_MAIL_MESSAGES.resent,
    });
  });

  it('refuses an unknown mail (404) and one still being retried automatically (409)', async () => {
    const w = world();
    await expect(resendFailedMail(w.deps, 'nope', ADMIN)).rejects.toBeInstanceOf(NotFoundError);
    await deliverOrKeep(w.deps, DECISION);
    await expect(resendFailedMail(w.deps, w.only()._id, ADMIN)).rejects.toBeInstanceOf(ConflictError);
    expect(w.ses.delivered).toHaveLength(0);
  });
});
