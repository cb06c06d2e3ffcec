import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, packageUpdateResponseSchema, packagesResponseSchema } from '@goldbot/shared';
import { givenItems } from '../helpers/customer-commerce-samples.js';
import { seededItems } from '../helpers/settings-samples.js';
import { dynamo, call, transactItems } from '../helpers/settings-routes.js';

/**
 * admin-packages-update, seen through packages-list, in process over a mocked, seeded table
 * (helpers/settings-routes.ts): a thin adapter over its use case.
 */
describe('admin-packages-update and packages-list', () => {
  it('edits a price and the public list shows it', async () => {
    const res = await call('admin-packages-update', { pathParameters: { packageId: 'pro' }, body: { priceUsd: 100 } });
    expect(res.statusCode).toBe(200);
    expect(packageUpdateResponseSchema.parse(res.body)).toEqual({
      success: true,
      message: 'Package updated successfully',
      package: { slug: 'pro', packageName: 'Pro Package', priceUsd: 100, sortOrder: 2, onSale: true },
    });
    expect(transactItems()[1]?.Put?.Item).toMatchObject({
      action: 'catalog.update',
      details: { from: { priceUsd: 250, onSale: true }, to: { priceUsd: 100, onSale: true } },
    });
  });

  it('answers 404 for a made-up package, 400 for a paid Free Trial or a price that is not whole dollars', async () => {
    const unknown = await call('admin-packages-update', {
      pathParameters: { packageId: 'gold' },
      body: { priceUsd: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    expect((unknown.body as { message: string }).message).toBe('Package not found');
    const trial = await call('admin-packages-update', {
      pathParameters: { packageId: 'freeTrial' },
      body: { priceUsd: 9 },
    });
    expect(trial.statusCode).toBe(400);
    expect((trial.body as { message: string }).message).toBe(SETTINGS_MESSAGES.freeTrialPrice);
    for (const priceUsd of [10.5, -1, 100_001, '20']) {
      const bad = await call('admin-packages-update', { pathParameters: { packageId: 'pro' }, body: { priceUsd } });
      expect(bad.statusCode, String(priceUsd)).toBe(400);
      expect((bad.body as { message: string }).message).toBe(SETTINGS_MESSAGES.priceWhole);
    }
    const nothing = await call('admin-packages-update', { pathParameters: { packageId: 'pro' }, body: {} });
    expect(nothing.statusCode).toBe(400);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('lists Basic off sale when the switch is off, publicly cacheable', async () => {
    givenItems(
      dynamo,
      seededItems().map((item) => (item.PK === 'SETTINGS' ? { ...item, basicPackageEnabled: false } : item)),
    );
    const res = await call('packages-list', { claims: undefined });
    expect(res.statusCode).toBe(200);
    const { packages } = packagesResponseSchema.parse(res.body);
    expect(packages.map((p) => [p.slug, p.priceUsd, p.onSale])).toEqual([
      ['freeTrial', 0, true],
      ['basic', 60, false],
      ['pro', 250, true],
      ['ultimate', 1000, true],
    ]);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
