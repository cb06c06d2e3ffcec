import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { walletSaveResponseSchema, walletsResponseSchema } from '@goldbot/shared';
import { dynamo, call } from '../helpers/payment-review-routes.js';

/**
 * The admin's wallets, payment-wallet-save and the list of payment-wallets, in process, a thin
 * adapter over its use case, with the table and SES mocked (helpers/payment-review-routes.ts).
 */
describe('wallets', () => {
  it('list under {wallets}', async () => {
    const res = await call('payment-wallets');
    expect(walletsResponseSchema.parse(res.body)).toEqual({ wallets: [] });
  });

  it('add answers 201, update 200, and bad input 400 with field errors', async () => {
    const added = await call('payment-wallet-save', {
      body: { address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL', network: 'TRC20', currency: 'USDT', isActive: true },
    });
    expect(added.statusCode).toBe(201);
    expect(walletSaveResponseSchema.parse(added.body)).toMatchObject({
      message: 'Wallet added successfully',
      wallet: { address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL', isActive: true },
    });
    const wallet = (added.body as { wallet: { _id: string; createdAt: string } }).wallet;
    dynamo.on(GetCommand, { Key: { PK: 'WALLET#USDT#TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL', SK: 'WALLET' } }).resolves({
      Item: {
        ...wallet,
        address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
        network: 'TRC20',
        currency: 'USDT',
        isActive: true,
        updatedAt: wallet.createdAt,
      },
    });
    const updated = await call('payment-wallet-save', {
      body: {
        _id: wallet._id,
        address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
        network: 'TRON',
        currency: 'USDT',
        isActive: false,
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.body).toMatchObject({ message: 'Wallet updated successfully', wallet: { network: 'TRON' } });

    const bad = await call('payment-wallet-save', { body: { address: ' ', network: '', currency: 'DOGE' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({
      errors: {
        address: 'Address is required',
        network: 'Network is required',
        currency: 'Currency must be USDT, BTC or ETH',
      },
    });
  });
});
