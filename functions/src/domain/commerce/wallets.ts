import type { Wallet, WalletSaveInput } from '@goldbot/shared';
import type { AuditEntry } from '../records/audit-entry.js';
import { TRON_ADDRESS_MESSAGE, isTronAddress } from './tron-address.js';
import type { ActiveWalletPointer } from '../records/active-wallet-pointer.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';

/**
 * Payment wallets (admin spec "Admin wallets", §4, §5; docs/data-model.md E14, E15, T9). A wallet
 * is keyed by currency and address, so the address can never change once saved; one pointer per
 * currency names the active wallet, and activating one deactivates the previous one in the same
 * transaction. Storage is injected.
 */
export const WALLET_MESSAGES = {
  added: 'Wallet added successfully',
  updated: 'Wallet updated successfully',
  duplicate: 'A wallet with this address already exists.',
  notFound: 'Wallet not found. It may have been removed; please reload.',
  addressLocked: 'The address cannot be changed once saved.',
  currencyLocked: 'The currency cannot be changed once saved.',
  changedMeanwhile: 'Wallets changed meanwhile. Please reload and try again.',
} as const;

/** What the transaction does to the ACTIVEWALLET#<currency> pointer. */
export type PointerChange =
  /** Point it at the saved wallet; `expected` is the wallet it named when read (null: there was none). */
  | { kind: 'put'; expected: string | null }
  /** The saved wallet was the active one and is deactivated. */
  | { kind: 'delete'; expected: string }
  | { kind: 'none' };

export interface WalletSavePlan {
  mode: 'add' | 'update';
  /** The wallet as it will be stored. */
  wallet: Wallet;
  /** The previously active wallet of the currency, switched off in the same transaction. */
  deactivate: { _id: string; address: string } | null;
  pointer: PointerChange;
  audit: AuditEntry;
}

export type WalletSaveOutcome = 'committed' | 'duplicate' | 'missing' | 'changed';

export interface WalletStore {
  /** Every wallet (GSI1 WALLETS; the list is small), grouped by currency, oldest first. */
  list(): Promise<Wallet[]>;
  getByAddress(currency: Wallet['currency'], address: string): Promise<Wallet | undefined>;
  getActivePointer(currency: Wallet['currency']): Promise<ActiveWalletPointer | undefined>;
  commitSave(plan: WalletSavePlan): Promise<WalletSaveOutcome>;
}

export interface WalletDeps {
  store: WalletStore;
  now: () => Date;
  newId: (nowMs: number) => string;
}

export async function listWallets(store: WalletStore): Promise<{ wallets: Wallet[] }> {
  return { wallets: await store.list() };
}

/** Finds the wallet an update names: by its natural key, else by id to say what the form tried to change. */
async function walletToUpdate(store: WalletStore, input: WalletSaveInput & { _id: string }): Promise<Wallet> {
  const byKey = await store.getByAddress(input.currency, input.address);
  if (byKey && byKey._id === input._id) return byKey;
  const byId = (await store.list()).find((w) => w._id === input._id);
  if (!byId) throw new NotFoundError(WALLET_MESSAGES.notFound);
  if (byId.address !== input.address) {
    throw new ValidationError(WALLET_MESSAGES.addressLocked, { address: WALLET_MESSAGES.addressLocked });
  }
  throw new ValidationError(WALLET_MESSAGES.currencyLocked, { currency: WALLET_MESSAGES.currencyLocked });
}

/** The pointer change and the wallet to switch off for a wallet that ends up active or not. */
function activation(
  walletId: string,
  isActive: boolean,
  pointer: ActiveWalletPointer | undefined,
): Pick<WalletSavePlan, 'deactivate' | 'pointer'> {
  const pointsHere = pointer?.walletId === walletId;
  if (isActive) {
    return {
      // Re-written even when it already points here, so the pointer's network follows an edit.
      pointer: { kind: 'put', expected: pointer?.walletId ?? null },
      deactivate: pointer && !pointsHere ? { _id: pointer.walletId, address: pointer.address } : null,
    };
  }
  return { pointer: pointsHere ? { kind: 'delete', expected: walletId } : { kind: 'none' }, deactivate: null };
}

/**
 * `POST /api/payment/wallet`: no `_id` adds (201), an `_id` updates (200). The address and the
 * currency are the key and cannot change; `isActive` moves the currency's pointer (T9).
 */
export async function saveWallet(
  deps: WalletDeps,
  input: WalletSaveInput,
  adminId: string,
): Promise<{ created: boolean; message: string; wallet: Wallet }> {
  const { store } = deps;
  const now = deps.now();
  const at = now.toISOString();
  const mode = input._id === undefined ? 'add' : 'update';
  // Customers pay USDT on TRON to this address: a new one must be a real TRON address.
  if (mode === 'add' && input.currency === 'USDT' && !isTronAddress(input.address)) {
    throw new ValidationError(TRON_ADDRESS_MESSAGE, { address: TRON_ADDRESS_MESSAGE });
  }
  const current = input._id === undefined ? undefined : await walletToUpdate(store, { ...input, _id: input._id });
  const wallet: Wallet = {
    _id: current?._id ?? deps.newId(now.getTime()),
    address: input.address,
    network: input.network,
    currency: input.currency,
    isActive: input.isActive,
    createdAt: current?.createdAt ?? at,
    updatedAt: at,
  };
  const pointer = await store.getActivePointer(input.currency);
  const change = activation(wallet._id, wallet.isActive, pointer);
  const outcome = await store.commitSave({
    mode,
    wallet,
    ...change,
    audit: {
      _id: deps.newId(now.getTime()),
      actor: adminId,
      action: mode === 'add' ? 'wallet.add' : 'wallet.update',
      target: { type: 'wallet', id: wallet._id },
      details: {
        currency: wallet.currency,
        address: wallet.address,
        network: wallet.network,
        isActive: wallet.isActive,
        ...(current ? { previous: { network: current.network, isActive: current.isActive } } : {}),
        ...(change.deactivate ? { deactivatedWalletId: change.deactivate._id } : {}),
      },
      at,
    },
  });
  switch (outcome) {
    case 'committed':
      return mode === 'add'
        ? { created: true, message: WALLET_MESSAGES.added, wallet }
        : { created: false, message: WALLET_MESSAGES.updated, wallet };
    case 'duplicate':
      throw new ConflictError(WALLET_MESSAGES.duplicate);
    case 'missing':
      throw new NotFoundError(WALLET_MESSAGES.notFound);
    case 'changed':
      throw new ConflictError(WALLET_MESSAGES.changedMeanwhile);
  }
}
