import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_MESSAGES } from '@goldbot/shared';
import { TRC20_ADDRESS } from '@/test/withdrawal-fixtures';
import { checkWithdrawal, withdrawBlocker } from './withdrawal-rules';

describe('checkWithdrawal', () => {
  it('accepts a whole amount between $20 and the available balance, with the address trimmed', () => {
    expect(checkWithdrawal({ amount: '20', trc20Address: ` ${TRC20_ADDRESS} ` }, 20)).toEqual({
      ok: true,
      input: { amount: 20, trc20Address: TRC20_ADDRESS },
    });
  });

  it.each([
    ['', WITHDRAWAL_MESSAGES.addressRequired],
    ['   ', WITHDRAWAL_MESSAGES.addressRequired],
    ['TJRabPrwbZy45sbavfcjin', WITHDRAWAL_MESSAGES.addressInvalid],
    [`X${TRC20_ADDRESS.slice(1)}`, WITHDRAWAL_MESSAGES.addressInvalid],
    [`${TRC20_ADDRESS.slice(0, 33)}0`, WITHDRAWAL_MESSAGES.addressInvalid],
    [`${TRC20_ADDRESS}1`, WITHDRAWAL_MESSAGES.addressInvalid],
  ])('refuses the address %j with %j', (trc20Address, message) => {
    expect(checkWithdrawal({ amount: '20', trc20Address }, 100)).toEqual({
      ok: false,
      errors: { trc20Address: message },
    });
  });

  it.each([
    ['', WITHDRAWAL_MESSAGES.amountRequired],
    ['19', WITHDRAWAL_MESSAGES.minimum],
    ['0', WITHDRAWAL_MESSAGES.minimum],
    ['-20', WITHDRAWAL_MESSAGES.minimum],
    ['20.5', WITHDRAWAL_MESSAGES.amountWhole],
  ])('refuses the amount %j with %j', (amount, message) => {
    expect(checkWithdrawal({ amount, trc20Address: TRC20_ADDRESS }, 100)).toEqual({
      ok: false,
      errors: { amount: message },
    });
  });

  it('refuses more than the available balance', () => {
    expect(checkWithdrawal({ amount: '21', trc20Address: TRC20_ADDRESS }, 20)).toEqual({
      ok: false,
      errors: { amount: WITHDRAWAL_MESSAGES.exceeds },
    });
  });

  it('reports both fields at once', () => {
    expect(checkWithdrawal({ amount: '5', trc20Address: '' }, 20)).toEqual({
      ok: false,
      errors: { amount: WITHDRAWAL_MESSAGES.minimum, trc20Address: WITHDRAWAL_MESSAGES.addressRequired },
    });
  });
});

describe('withdrawBlocker (the dashboard Withdraw button)', () => {
  it('lets $20 or more through when nothing is pending', () => {
    expect(withdrawBlocker({ available: 20, hasPending: false })).toBeNull();
    expect(withdrawBlocker({ available: 134, hasPending: false })).toBeNull();
  });

  it('stops earnings under $20', () => {
    expect(withdrawBlocker({ available: 19.99, hasPending: false })).toBe(WITHDRAWAL_MESSAGES.insufficient);
    expect(withdrawBlocker({ available: 0, hasPending: false })).toBe(
      'Minimum withdrawal amount is $20. Your current earnings are insufficient.',
    );
  });

  it('stops a second request while one is pending, whatever the balance', () => {
    expect(withdrawBlocker({ available: 40, hasPending: true })).toBe(WITHDRAWAL_MESSAGES.pendingExists);
    expect(withdrawBlocker({ available: 0, hasPending: true })).toBe(
      'You already have a pending withdrawal request. Please wait for it to be processed.',
    );
  });
});
