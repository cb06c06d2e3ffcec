/**
 * Which contact messages this admin has read. The spec keeps the flag in the admin's browser only
 * ("It is not kept on the server"), under a key per message; only
 * this module touches those keys. When storage cannot be used (privacy modes, quota) the flags
 * live in this page's memory until it is closed, rather than failing the screen.
 */

const KEY_PREFIX = 'contactMessageRead:';

/** The localStorage key of one message's read flag. */
export const readFlagKey = (messageId: string) => `${KEY_PREFIX}${messageId}`;

/** Whether a storage event concerns a read flag (another tab marked or forgot one). */
export const isReadFlagKey = (key: string | null) => key === null || key.startsWith(KEY_PREFIX);

/** Flags storage refused to keep: read until the page is closed. */
const inMemory = new Set<string>();

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function isRead(messageId: string): boolean {
  if (inMemory.has(messageId)) return true;
  try {
    return storage()?.getItem(readFlagKey(messageId)) === 'true';
  } catch {
    return false;
  }
}

/** Marks messages read; answers how many of them were unread before. */
export function markRead(messageIds: readonly string[]): number {
  let marked = 0;
  for (const id of messageIds) {
    if (isRead(id)) continue;
    marked += 1;
    try {
      const store = storage();
      if (store) store.setItem(readFlagKey(id), 'true');
      else inMemory.add(id);
    } catch {
      // Quota or privacy mode: read for as long as this page lives.
      inMemory.add(id);
    }
  }
  return marked;
}

/** Forgets a deleted message's flag, so no key outlives its message. */
export function forgetReadFlag(messageId: string): void {
  inMemory.delete(messageId);
  try {
    storage()?.removeItem(readFlagKey(messageId));
  } catch {
    // Nothing stored that we could remove.
  }
}
