import { BatchGetCommand, GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';
import type { RouteId } from '@goldbot/shared';
import { toWithdrawalItem, withdrawalKey } from '../../src/data/withdrawal-entity.js';
import { withdrawalSearchText, type WithdrawalRecord } from '../../src/domain/records/withdrawal-record.js';
import { planRequest } from '../../src/domain/withdrawals/withdrawals.js';
import { SAMPLE_ADMIN_ID } from './sample-admin.js';
import { SAMPLE_JANE, janeProfileItem } from './sample-customers.js';
import { givenGetItem } from './dynamo-outcomes.js';

/**
 * Withdrawals as the request leaves them: Jane's pending $20 request, with her
 * profile holding it. Shared by the withdrawal unit tests and the sample events of the withdrawal
 * routes (events/withdrawal-*.json: Jane requests, the sample administrator decides).
 */
export const SAMPLE_REQUESTER = SAMPLE_JANE;
/** The withdrawal id of events/withdrawal-approve.json and events/withdrawal-reject.json. */
export const SAMPLE_WITHDRAWAL_ID = '01KDX5B8R3N0W4U9S6P7Q2X1AD';
/** The address of events/withdrawal-request.json (T + 33 base58 characters). */
export const SAMPLE_TRC20_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
/** The payout TXID of events/withdrawal-approve.json (the transfer the operator sent Jane). */
export const SAMPLE_PAYOUT_TXID = '5e4c1a7f2b9d08c6e3f1a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e3f5a7b9c1d3';

/** Jane's $20 request as the request route plans it (planRequest). */
export function pendingWithdrawal(overrides: Partial<WithdrawalRecord> = {}): WithdrawalRecord {
  const { withdrawal } = planRequest(
    SAMPLE_REQUESTER,
    { amount: 20, trc20Address: SAMPLE_TRC20_ADDRESS },
    new Date('2026-11-21T09:30:00.000Z'),
    () => SAMPLE_WITHDRAWAL_ID,
  );
  const base: WithdrawalRecord = { ...withdrawal, ...overrides };
  return { ...base, searchText: withdrawalSearchText(base) };
}

/** Jane's profile: $24 credited (12 referrals), all of it available unless the balances say otherwise. */
export const requesterProfileItem = (balances: Record<string, number> = {}) =>
  janeProfileItem({
    phone: null,
    referralCode: 'K7M2QX9P',
    referralCount: 12,
    referralEarnings: 24,
    referralHeld: 0,
    referralLifetime: 24,
    emailVerifiedAt: '2026-01-01T11:00:00.000Z',
    ...balances,
  });

type DocumentClientStub = AwsClientStub<DynamoDBDocumentClient>;

/** The world the withdrawal sample events describe. */
export function withdrawalSampleWorld(dynamo: DocumentClientStub): Partial<Record<RouteId, () => void>> {
  const withProfile = (balances: Record<string, number> = {}) => givenGetItem(dynamo, requesterProfileItem(balances));
  const holding = { referralEarnings: 4, referralHeld: 20 };
  const pending = () => {
    withProfile(holding);
    dynamo.on(GetCommand, { Key: withdrawalKey(SAMPLE_WITHDRAWAL_ID) }).resolves({
      Item: toWithdrawalItem(pendingWithdrawal()),
    });
  };
  return {
    'withdrawal-request': () => withProfile(),
    'withdrawal-user': () => {
      withProfile(holding);
      dynamo.on(QueryCommand).resolves({ Items: [toWithdrawalItem(pendingWithdrawal())] });
    },
    'withdrawal-all': () => {
      dynamo.on(QueryCommand).resolves({ Items: [toWithdrawalItem(pendingWithdrawal())] });
      dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, unknown> }) => ({
        Responses: { [String(Object.keys(input.RequestItems)[0])]: [requesterProfileItem(holding)] },
      }));
    },
    'withdrawal-approve': pending,
    'withdrawal-reject': pending,
    // Jane's withdrawal, approved with its payout TXID: the admin asks TRON about it again.
    'withdrawal-payout-check': () => {
      withProfile({ referralEarnings: 4, referralHeld: 0, referralPaidOut: 20 });
      dynamo.on(GetCommand, { Key: withdrawalKey(SAMPLE_WITHDRAWAL_ID) }).resolves({
        Item: toWithdrawalItem(
          pendingWithdrawal({
            status: 'approved',
            approvedDate: '2026-11-22T10:00:00.000Z',
            processedBy: SAMPLE_ADMIN_ID,
            payoutTxid: SAMPLE_PAYOUT_TXID,
          }),
        ),
      });
    },
  };
}
