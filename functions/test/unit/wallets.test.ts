import { describe, expect, it } from 'vitest';
import {
  ADMIN_SIGN_IN_REQUIRED_MESSAGE,
  TRON_ADDRESS_MESSAGE,
  isTronAddress,
  walletSaveInputSchema,
  type Wallet,
} from '@goldbot/shared';
import type { ActiveWalletPointer } from '../../src/domain/records/active-wallet-pointer.js';
import {
  listWallets,
  mailEveryAdmin,
  saveWallet,
  type WalletActivation,
  type WalletDeps,
  type WalletSaveOutcome,
  type WalletSavePlan,
  type WalletStore,
} from '../../src/domain/commerce/wallets.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../src/domain/errors.js';
import { SAMPLE_ADMIN_ID } from '../helpers/sample-admin.js';

/** The wallet rules against an in-memory store that records the plans it was asked to commit. */
const NOW = new Date('2026-11-23T12:00:00.000Z');
/** Signed in through the API (with TOTP, where required) a minute ago. */
const ADMIN = {
  userId: SAMPLE_ADMIN_ID,
  email: 'admin@example.com',
  authTime: NOW.getTime() / 1000 - 60,
  apiSignIn: true,
};
const EARLIER = '2026-11-01T08:00:00.000Z';

const wallet = (overrides: Partial<Wallet> = {}): Wallet => ({
  _id: 'W-A',
  address: 'ADDRESS-A',
  network: 'TRC20',
  currency: 'USDT',
  isActive: true,
  createdAt: EARLIER,
  updatedAt: EARLIER,
  ...overrides,
});

class FakeWallets implements WalletStore {
  plans: WalletSavePlan[] = [];
  outcome: WalletSaveOutcome = 'committed';
  constructor(
    public wallets: Wallet[] = [],
    public pointer: ActiveWalletPointer | undefined = undefined,
  ) {}
  async list() {
    return this.wallets;
  }
  async getByAddress(currency: string, address: string) {
    return this.wallets.find((w) => w.currency === currency && w.address === address);
  }
  async getActivePointer() {
    return this.pointer;
  }
  async commitSave(plan: WalletSavePlan) {
    this.plans.push(plan);
    return this.outcome;
  }
}

let ids = 0;
const deps = (store: WalletStore): WalletDeps => ({ store, now: () => NOW, newId: () => `NEW${(ids += 1)}` });
const input = (body: Record<string, unknown>) => walletSaveInputSchema.parse(body);
const pointerTo = (w: Wallet): ActiveWalletPointer => ({
  walletId: w._id,
  address: w.address,
  network: w.network,
  currency: w.currency,
});

describe('listWallets', () => {
  it('answers every wallet under the spec name', async () => {
    await expect(listWallets(new FakeWallets([wallet()]))).resolves.toEqual({ wallets: [wallet()] });
  });
});

describe('saveWallet: add', () => {
  it('adds an inactive wallet without touching the pointer', async () => {
    const store = new FakeWallets([wallet()], pointerTo(wallet()));
    const saved = await saveWallet(
      deps(store),
      input({ address: ' TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL ', network: 'TRC20', currency: 'USDT' }),
      ADMIN,
    );
    expect(saved).toMatchObject({ created: true, message: 'Wallet added successfully' });
    expect(saved.wallet).toMatchObject({
      address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
      isActive: false,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    expect(store.plans[0]).toMatchObject({
      mode: 'add',
      pointer: { kind: 'none' },
      deactivate: null,
      audit: { action: 'wallet.add', actor: ADMIN.userId, target: { type: 'wallet', id: saved.wallet._id } },
    });
  });

  it('adds an active wallet: the previous one is switched off and the pointer moves, in one plan', async () => {
    const store = new FakeWallets([wallet()], pointerTo(wallet()));
    const saved = await saveWallet(
      deps(store),
      input({ address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL', network: 'TRC20', currency: 'USDT', isActive: true }),
      ADMIN,
    );
    expect(store.plans[0]).toMatchObject({
      pointer: { kind: 'put', expected: 'W-A' },
      deactivate: { _id: 'W-A', address: 'ADDRESS-A' },
      audit: { details: { deactivatedWalletId: 'W-A', isActive: true } },
    });
    expect(saved.wallet.isActive).toBe(true);
  });

  it('creates the pointer when the currency has no active wallet yet', async () => {
    const store = new FakeWallets();
    await saveWallet(
      deps(store),
      input({ address: 'ETH-1', network: 'ERC20', currency: 'ETH', isActive: true }),
      ADMIN,
    );
    expect(store.plans[0]).toMatchObject({ pointer: { kind: 'put', expected: null }, deactivate: null });
  });

  it('answers 409 for an address that already exists, and when the pointer moved meanwhile', async () => {
    const duplicate = new FakeWallets();
    duplicate.outcome = 'duplicate';
    await expect(
      saveWallet(
        deps(duplicate),
        input({ address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL', network: 'TRC20', currency: 'USDT' }),
        ADMIN,
      ),
    ).rejects.toThrow(new ConflictError('A wallet with this address already exists.'));
    const raced = new FakeWallets();
    raced.outcome = 'changed';
    await expect(
      saveWallet(
        deps(raced),
        input({ address: 'TUikLT3nTTjTkXPAuC4xUGj84vfSERCWRn', network: 'TRC20', currency: 'USDT', isActive: true }),
        ADMIN,
      ),
    ).rejects.toThrow(new ConflictError('Wallets changed meanwhile. Please reload and try again.'));
  });
});

describe('saveWallet: a new USDT wallet is a TRON address', () => {
  it("refuses a typo, a wrong checksum, another network's address, with a clear message on the field", async () => {
    const valid = 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL';
    for (const address of [
      'ADDRESS-B',
      // One character changed: the Base58Check checksum no longer matches.
      'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaM',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      'TQ3fY6uVYxAbC4dEf5GhJ6kLm7NpQ8rS9t',
    ]) {
      const store = new FakeWallets();
      await expect(
        saveWallet(deps(store), input({ address, network: 'TRC20', currency: 'USDT' }), ADMIN),
        address,
      ).rejects.toMatchObject({ statusCode: 400, fieldErrors: { address: TRON_ADDRESS_MESSAGE } });
      expect(store.plans).toEqual([]);
    }
    expect(isTronAddress(valid)).toBe(true);
    // Other currencies keep their rules.
    await expect(
      saveWallet(deps(new FakeWallets()), input({ address: 'ETH-1', network: 'ERC20', currency: 'ETH' }), ADMIN),
    ).resolves.toMatchObject({ created: true });
  });
});

describe('saveWallet: update', () => {
  it('updates the network and keeps the address, id and creation time', async () => {
    const store = new FakeWallets([wallet({ isActive: false })]);
    const saved = await saveWallet(
      deps(store),
      input({ _id: 'W-A', address: 'ADDRESS-A', network: 'TRON', currency: 'USDT', isActive: false }),
      ADMIN,
    );
    expect(saved).toMatchObject({ created: false, message: 'Wallet updated successfully' });
    expect(saved.wallet).toEqual(wallet({ network: 'TRON', isActive: false, updatedAt: NOW.toISOString() }));
    expect(store.plans[0]).toMatchObject({
      mode: 'update',
      pointer: { kind: 'none' },
      audit: { action: 'wallet.update', details: { previous: { network: 'TRC20', isActive: false } } },
    });
  });

  it('activating an inactive wallet switches the active one off', async () => {
    const active = wallet();
    const other = wallet({ _id: 'W-B', address: 'ADDRESS-B', isActive: false });
    const store = new FakeWallets([active, other], pointerTo(active));
    await saveWallet(
      deps(store),
      input({ _id: 'W-B', address: 'ADDRESS-B', network: 'TRC20', currency: 'USDT', isActive: true }),
      ADMIN,
    );
    expect(store.plans[0]).toMatchObject({
      pointer: { kind: 'put', expected: 'W-A' },
      deactivate: { _id: 'W-A', address: 'ADDRESS-A' },
    });
  });

  it.each([
    [
      'saving the active wallet active again rewrites its own pointer (its network may have changed)',
      'TRON',
      true,
      'put',
    ],
    ['deactivating the active wallet deletes the pointer', 'TRC20', false, 'delete'],
  ] as const)('%s', async (_label, network, isActive, pointerWrite) => {
    const store = new FakeWallets([wallet()], pointerTo(wallet()));
    await saveWallet(
      deps(store),
      input({ _id: 'W-A', address: 'ADDRESS-A', network, currency: 'USDT', isActive }),
      ADMIN,
    );
    expect(store.plans[0]).toMatchObject({ pointer: { kind: pointerWrite, expected: 'W-A' }, deactivate: null });
  });

  it('refuses a changed address or currency (400) and an unknown id (404), committing nothing', async () => {
    const store = new FakeWallets([wallet()]);
    const save = (body: Record<string, unknown>) =>
      saveWallet(deps(store), input({ network: 'TRC20', currency: 'USDT', ...body }), ADMIN);
    await expect(save({ _id: 'W-A', address: 'ADDRESS-CHANGED' })).rejects.toMatchObject({
      constructor: ValidationError,
      message: 'The address cannot be changed once saved.',
      fieldErrors: { address: 'The address cannot be changed once saved.' },
    });
    await expect(save({ _id: 'W-A', address: 'ADDRESS-A', currency: 'ETH' })).rejects.toMatchObject({
      message: 'The currency cannot be changed once saved.',
      fieldErrors: { currency: 'The currency cannot be changed once saved.' },
    });
    await expect(save({ _id: 'W-NONE', address: 'ADDRESS-A' })).rejects.toBeInstanceOf(NotFoundError);
    await expect(save({ _id: 'W-NONE', address: 'ADDRESS-Z' })).rejects.toBeInstanceOf(NotFoundError);
    expect(store.plans).toEqual([]);
  });

  it('answers 404 when the wallet disappeared between the read and the write', async () => {
    const store = new FakeWallets([wallet()]);
    store.outcome = 'missing';
    await expect(
      saveWallet(deps(store), input({ _id: 'W-A', address: 'ADDRESS-A', network: 'TRC20', currency: 'USDT' }), ADMIN),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('saveWallet: activating a different wallet', () => {
  const active = wallet();
  const other = wallet({ _id: 'W-B', address: 'ADDRESS-B', isActive: false });
  const activateB = input({ _id: 'W-B', address: 'ADDRESS-B', network: 'TRC20', currency: 'USDT', isActive: true });
  const announcing = (store: WalletStore, extra: Partial<WalletDeps> = {}) => {
    const announced: WalletActivation[] = [];
    const failures: { error: unknown; walletId: string }[] = [];
    const withAnnounce: WalletDeps = {
      ...deps(store),
      announceActivation: async (activation) => {
        announced.push(activation);
      },
      onAnnounceFailure: (error, walletId) => failures.push({ error, walletId }),
      ...extra,
    };
    return { deps: withAnnounce, announced, failures };
  };

  it('announces the new active wallet, the previous address, who and when, once committed', async () => {
    const world = announcing(new FakeWallets([active, other], pointerTo(active)));
    await saveWallet(world.deps, activateB, ADMIN);
    expect(world.announced).toEqual([
      {
        walletId: 'W-B',
        currency: 'USDT',
        network: 'TRC20',
        address: 'ADDRESS-B',
        previousAddress: 'ADDRESS-A',
        activatedBy: 'admin@example.com',
        activatedAt: NOW.toISOString(),
      },
    ]);
    // A new currency's first active wallet is a change too; it had no previous address.
    const first = announcing(new FakeWallets());
    await saveWallet(first.deps, input({ address: 'ETH-1', network: 'ERC20', currency: 'ETH', isActive: true }), ADMIN);
    expect(first.announced).toMatchObject([{ address: 'ETH-1', previousAddress: null }]);
  });

  it('announces nothing when the active wallet stays the same, when nothing is activated, or when the save fails', async () => {
    const same = announcing(new FakeWallets([active], pointerTo(active)));
    await saveWallet(
      same.deps,
      input({ _id: 'W-A', address: 'ADDRESS-A', network: 'TRON', currency: 'USDT', isActive: true }),
      ADMIN,
    );
    await saveWallet(
      same.deps,
      input({ address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL', network: 'TRC20', currency: 'USDT' }),
      ADMIN,
    );
    expect(same.announced).toEqual([]);
    const raced = new FakeWallets([active, other], pointerTo(active));
    raced.outcome = 'changed';
    const failed = announcing(raced);
    await expect(saveWallet(failed.deps, activateB, ADMIN)).rejects.toBeInstanceOf(ConflictError);
    expect(failed.announced).toEqual([]);
  });

  it('keeps the activation when the mail fails, and reports the failure', async () => {
    const store = new FakeWallets([active, other], pointerTo(active));
    const refusal = new Error('SES is down');
    const world = announcing(store, {
      announceActivation: () => Promise.reject(refusal),
    });
    const saved = await saveWallet(world.deps, activateB, ADMIN);
    expect(saved).toMatchObject({ message: 'Wallet updated successfully', wallet: { isActive: true } });
    expect(world.failures).toEqual([{ error: refusal, walletId: 'W-B' }]);
  });

  it('needs a TOTP sign-in from the last 5 minutes where admin MFA is required, and only to activate', async () => {
    const strict = (store: WalletStore) => announcing(store, { freshTotpRequired: true });
    const stale = { ...ADMIN, authTime: NOW.getTime() / 1000 - 5 * 60 - 1 };
    const store = new FakeWallets([active, other], pointerTo(active));
    const refused = strict(store);
    await expect(saveWallet(refused.deps, activateB, stale)).rejects.toMatchObject({
      constructor: ForbiddenError,
      statusCode: 403,
      message: 'Enter your password and a code from your authenticator app to activate a wallet.',
      details: { totpRequired: true },
    });
    expect([store.plans, refused.announced]).toEqual([[], []]);
    // Exactly 5 minutes old still counts.
    const edge = { ...ADMIN, authTime: NOW.getTime() / 1000 - 5 * 60 };
    await expect(saveWallet(strict(store).deps, activateB, edge)).resolves.toMatchObject({
      wallet: { isActive: true },
    });
    // Saves that activate nothing need no fresh code; locally (switch off) nothing does.
    const plain = new FakeWallets([active], pointerTo(active));
    await saveWallet(
      strict(plain).deps,
      input({ _id: 'W-A', address: 'ADDRESS-A', network: 'TRON', currency: 'USDT', isActive: true }),
      stale,
    );
    await saveWallet(
      strict(plain).deps,
      input({ address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL', network: 'TRC20', currency: 'USDT' }),
      stale,
    );
    await saveWallet(announcing(new FakeWallets([active, other], pointerTo(active))).deps, activateB, stale);
  });

  it("never activates with a token the API's sign-in did not issue (Google), whatever the MFA switch", async () => {
    const google = { ...ADMIN, apiSignIn: false };
    for (const freshTotpRequired of [true, false]) {
      const store = new FakeWallets([active, other], pointerTo(active));
      const world = announcing(store, { freshTotpRequired });
      await expect(saveWallet(world.deps, activateB, google)).rejects.toThrow(
        new ForbiddenError(ADMIN_SIGN_IN_REQUIRED_MESSAGE),
      );
      expect([store.plans, world.announced]).toEqual([[], []]);
    }
  });
});

describe('mailEveryAdmin', () => {
  it('tries every administrator, and reports the failed ones together', async () => {
    const tried: string[] = [];
    await expect(
      mailEveryAdmin(['a@example.com', 'b@example.com'], async (to) => {
        tried.push(to);
      }),
    ).resolves.toEqual({ sent: 2 });
    const failing = mailEveryAdmin(['a@example.com', 'b@example.com', 'c@example.com'], async (to) => {
      tried.push(to);
      if (to !== 'b@example.com') throw new Error(`no ${to}`);
    });
    await expect(failing).rejects.toThrow('2 of 3 administrator mails failed');
    expect(tried).toEqual(['a@example.com', 'b@example.com', 'a@example.com', 'b@example.com', 'c@example.com']);
  });
});
