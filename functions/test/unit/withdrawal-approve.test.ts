import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  WITHDRAWAL_MESSAGES,
  TRON_EXPLORER_TRANSACTION_URL as TRON_EXPLORER,
  withdrawalDecisionResponseSchema,
} from '@goldbot/shared';
import { toWithdrawalItem, withdrawalKey } from '../../src/data/withdrawal-entity.js';
import { CALLERS, putItems } from '../helpers/lambda.js';
import {
  SAMPLE_PAYOUT_TXID,
  SAMPLE_TRC20_ADDRESS,
  SAMPLE_WITHDRAWAL_ID,
  pendingWithdrawal,
} from '../helpers/withdrawal-samples.js';
import { cancelled } from '../helpers/dynamo-outcomes.js';
import { dynamo, outbox, world, call, approval } from '../helpers/withdrawal-routes.js';

/**
 * withdrawal-approve and withdrawal-reject in process, with DynamoDB and SES mocked
 * (helpers/withdrawal-routes.ts): the decision mails (the note HTML-escaped, a stored template
 * winning over the default, a failed send never undoing).
 */
describe('withdrawal-approve and withdrawal-reject', () => {
  const mail = () => outbox.mails[0];

  it('approves and mails the amount, the address, the 24-48 hours and the note, HTML-escaped', async () => {
    world['withdrawal-approve']?.();
    const note = 'Sent <b>today</b> & "confirmed"';
    const res = await call('withdrawal-approve', {
      id: SAMPLE_WITHDRAWAL_ID,
      body: approval({ adminNote: `  ${note}  ` }),
    });
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(withdrawalDecisionResponseSchema.parse(res.body)).toMatchObject({
      message: 'Withdrawal approved successfully! $20 paid out; $4 of earnings remain.',
      withdrawal: {
        status: 'approved',
        adminNote: note,
        userId: { referralEarnings: 4 },
        // Canonical, as payment TXIDs are stored: no 0x, lower case.
        payoutTxid: SAMPLE_PAYOUT_TXID,
      },
    });
    const settled = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems?.[0]?.Update;
    expect(settled?.ExpressionAttributeValues).toMatchObject({ ':txid': SAMPLE_PAYOUT_TXID });
    const sent = mail();
    expect(sent?.to).toEqual(['jane.doe@example.com']);
    expect(sent?.subject).toBe('GoldBot: your withdrawal of $20 is approved');
    const html = sent?.html ?? '';
    expect(html).toContain('Sent &lt;b&gt;today&lt;/b&gt; &amp; &quot;confirmed&quot;');
    expect(html).not.toContain('<b>today</b>');
    const text = sent?.text ?? '';
    for (const part of ['20 USDT', SAMPLE_TRC20_ADDRESS, '24-48 hours', note, 'jane_doe', SAMPLE_PAYOUT_TXID]) {
      expect(text).toContain(part);
    }
    expect(html).toContain(`href="${TRON_EXPLORER}${SAMPLE_PAYOUT_TXID}"`);
    expect(dynamo.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toContainEqual({
      PK: 'TEMPLATES',
      SK: 'TEMPLATE#withdrawalApproved',
    });
  });

  it('rejects and mails the rejection without a note block when none was written', async () => {
    world['withdrawal-reject']?.();
    const res = await call('withdrawal-reject', { id: SAMPLE_WITHDRAWAL_ID });
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Withdrawal rejected successfully!',
      withdrawal: { status: 'rejected', adminNote: null, userId: { referralEarnings: 24 } },
    });
    expect(mail()?.subject).toBe('GoldBot: your withdrawal request of $20 was not approved');
    expect(mail()?.text).not.toContain('Note from our team');
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(items[3]?.Put?.Item).toMatchObject({ type: 'release', amount: 20 });
  });

  it('uses a template an admin stored in the table', async () => {
    world['withdrawal-approve']?.();
    dynamo.on(GetCommand, { Key: { PK: 'TEMPLATES', SK: 'TEMPLATE#withdrawalApproved' } }).resolves({
      Item: { subject: 'Paid {{amount}}', html: '<p>{{username}}: {{adminNote}}</p>' },
    });
    await call('withdrawal-approve', { id: SAMPLE_WITHDRAWAL_ID, body: approval({ adminNote: '<i>x</i>' }) });
    expect(mail()?.subject).toBe('Paid 20');
    expect(mail()?.html).toBe('<p>jane_doe: &lt;i&gt;x&lt;/i&gt;</p>');
  });

  it('keeps the approval when SES fails', async () => {
    world['withdrawal-approve']?.();
    outbox.refuse();
    const res = await call('withdrawal-approve', { id: SAMPLE_WITHDRAWAL_ID, body: approval() });
    expect(res.statusCode).toBe(200);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
    // SES was asked once (a refusal is not sent again) and sent nothing.
    expect([outbox.requests.length, outbox.mails.length]).toEqual([1, 0]);
    // The decision mail is kept for job-retry-mails, once for this decision, with what renders it again.
    const kept = putItems(dynamo).filter((item) => String(item.PK).startsWith('MAILOUT#'));
    expect(kept).toEqual([
      expect.objectContaining({
        type: 'withdrawalApproved',
        entityId: SAMPLE_WITHDRAWAL_ID,
        status: 'due',
        attempts: 1,
        GSI1PK: 'MAILOUT#DUE',
        values: expect.objectContaining({ username: 'jane_doe', amount: '20' }),
      }),
    ]);
  });

  it('keeps the decision mail when its template cannot be read after the decision', async () => {
    world['withdrawal-approve']?.();
    dynamo
      .on(GetCommand, { Key: { PK: 'TEMPLATES', SK: 'TEMPLATE#withdrawalApproved' } })
      .rejects(Object.assign(new Error('Throughput exceeded'), { name: 'ProvisionedThroughputExceededException' }));
    const res = await call('withdrawal-approve', { id: SAMPLE_WITHDRAWAL_ID, body: approval() });
    expect(res.statusCode).toBe(200);
    expect(outbox.mails).toHaveLength(0);
    expect(putItems(dynamo).filter((item) => String(item.PK).startsWith('MAILOUT#'))).toHaveLength(1);
  });

  it('answers "already" 200 for a repeat, 409 for the other decision, 404 for an unknown id, and mails nobody', async () => {
    dynamo.on(GetCommand, { Key: withdrawalKey(SAMPLE_WITHDRAWAL_ID) }).resolves({
      Item: toWithdrawalItem(pendingWithdrawal({ status: 'approved', approvedDate: '2026-11-22T00:00:00.000Z' })),
    });
    const again = await call('withdrawal-approve', { id: SAMPLE_WITHDRAWAL_ID, body: approval() });
    expect(again.statusCode).toBe(200);
    expect(again.body).toMatchObject({ message: 'This withdrawal was already approved.' });
    const late = await call('withdrawal-reject', { id: SAMPLE_WITHDRAWAL_ID, body: {} });
    expect(late.statusCode).toBe(409);
    expect(late.body).toMatchObject({ message: 'This withdrawal was already approved.' });
    const unknown = await call('withdrawal-reject', { id: '01KDX3N8W6Q5ZJ4R2T7B9MATRX', body: {} });
    expect(unknown.statusCode).toBe(404);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(outbox.mails).toHaveLength(0);
  });

  it('answers 409 when another admin rejected it between the read and the commit', async () => {
    world['withdrawal-approve']?.();
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    dynamo
      .on(GetCommand, { Key: withdrawalKey(SAMPLE_WITHDRAWAL_ID) })
      .resolvesOnce({ Item: toWithdrawalItem(pendingWithdrawal()) })
      .resolves({ Item: toWithdrawalItem(pendingWithdrawal({ status: 'rejected' })) });
    const res = await call('withdrawal-approve', { id: SAMPLE_WITHDRAWAL_ID, body: approval() });
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatchObject({ message: 'This withdrawal was already rejected.' });
    expect(outbox.mails).toHaveLength(0);
  });

  it('refuses a note over 500 characters with 400, and customers with 403', async () => {
    world['withdrawal-approve']?.();
    const long = await call('withdrawal-approve', {
      id: SAMPLE_WITHDRAWAL_ID,
      body: approval({ adminNote: 'x'.repeat(501) }),
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatchObject({ errors: { adminNote: WITHDRAWAL_MESSAGES.noteTooLong } });
    const customer = await call('withdrawal-reject', { claims: CALLERS.user, id: SAMPLE_WITHDRAWAL_ID, body: {} });
    expect(customer.statusCode).toBe(403);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
