import { TRON_ADDRESS_MESSAGE, isTronAddress, type Wallet, type WalletSaveInput } from '@goldbot/shared';
import type { AuditEntry } from '../records/audit-entry.js';
import type { ActiveWalletPointer } from '../records/active-wallet-pointer.js';
import { assertApiSignIn, assertFreshTotp } from '../auth/admin-mfa.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';

/**
 * Payment wallets (the admin's Wallets screen; docs/data-model.md, "Wallets", "Wallet save and activation"). A wallet
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

/** What every administrator is told when a save makes a different wallet the active one. */
export interface WalletActivation {
  walletId: string;
  currency: Wallet['currency'];
  network: string;
  address: string;
  /** The address that was active before; null when the currency had none. */
  previousAddress: string | null;
  /** The acting administrator's e-mail. */
  activatedBy: string;
  /** ISO time of the save. */
  activatedAt: string;
}

export interface WalletDeps {
  store: WalletStore;
  now: () => Date;
  newId: (nowMs: number) => string;
  /**
   * Where admin MFA is required (AWS): activating a wallet needs a sign-in with a TOTP code from
   * the last five minutes (auth/admin-mfa.ts). Off locally, with the MFA switch.
   */
  freshTotpRequired?: boolean;
  /** Mails every administrator about the activation; called once the save is committed. */
  announceActivation?: (activation: WalletActivation) => Promise<void>;
  /** A failed announcement is reported here and never undoes the save. */
  onAnnounceFailure?: (error: unknown, walletId: string) => void;
}

/** The administrator saving a wallet, as their token names them. */
export interface WalletAdmin {
  userId: string;
  email: string;
  /** Epoch seconds of the token's sign-in (`auth_time`). */
  authTime: number;
  /** The token comes from the API's own sign-in (kit/identity.ts). */
  apiSignIn: boolean;
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
 * currency are the key and cannot change; `isActive` moves the currency's pointer.
 */
export async function saveWallet(
  deps: WalletDeps,
  input: WalletSaveInput,
  admin: WalletAdmin,
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
  // The wallet customers pay to changes: re-saving the active wallet (e.g. its network) does not.
  const activates = change.pointer.kind === 'put' && change.pointer.expected !== wallet._id;
  if (activates) {
    // The admin route already refuses any other token; the rule is stated where the money goes too.
    assertApiSignIn(admin);
    if (deps.freshTotpRequired) assertFreshTotp(admin.authTime, now.getTime());
  }
  const outcome = await store.commitSave({
    mode,
    wallet,
    ...change,
    audit: {
      _id: deps.newId(now.getTime()),
      actor: admin.userId,
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
      if (activates) {
        await announce(deps, {
          walletId: wallet._id,
          currency: wallet.currency,
          network: wallet.network,
          address: wallet.address,
          previousAddress: pointer?.address ?? null,
          activatedBy: admin.email,
          activatedAt: at,
        });
      }
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

async function announce(deps: WalletDeps, activation: WalletActivation): Promise<void> {
  if (!deps.announceActivation) return;
  try {
    await deps.announceActivation(activation);
  } catch (error) {
    deps.onAnnounceFailure?.(error, activation.walletId);
  }
}

/**
 * Mails one notice to each administrator; every address is tried even when one fails, and the
 * failures come back together (the caller logs them; the activation stands).
 */
export async function mailEveryAdmin(
  admins: readonly string[],
  send: (to: string) => Promise<void>,
): Promise<{ sent: number }> {
  const results = await Promise.allSettled(admins.map((to) => send(to)));
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} of ${admins.length} administrator mails failed`);
  }
  return { sent: admins.length };
}
