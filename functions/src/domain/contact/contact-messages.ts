import type { ContactMessage, ContactMessageInput, PageQuery } from '@goldbot/shared';
import { NotFoundError } from '../errors.js';

/** Contact messages: the rules, independent of storage (the store is injected). */
export interface ContactMessageStore {
  put(message: ContactMessage): Promise<void>;
  listNewestFirst(page: PageQuery): Promise<{ items: ContactMessage[]; nextCursor: string | null }>;
  /** False when no message has this id. */
  delete(id: string): Promise<boolean>;
}

export interface Clock {
  now(): Date;
}
export interface IdGenerator {
  (now: number): string;
}

export async function addContactMessage(
  store: ContactMessageStore,
  input: ContactMessageInput,
  deps: { clock: Clock; newId: IdGenerator },
): Promise<ContactMessage> {
  const now = deps.clock.now();
  const message: ContactMessage = {
    _id: deps.newId(now.getTime()),
    name: input.name,
    email: input.email.toLowerCase(),
    message: input.message,
    createdAt: now.toISOString(),
  };
  await store.put(message);
  return message;
}

export async function listContactMessages(store: ContactMessageStore, page: PageQuery) {
  const { items, nextCursor } = await store.listNewestFirst(page);
  return { data: items, nextCursor };
}

export async function deleteContactMessage(store: ContactMessageStore, id: string): Promise<void> {
  const deleted = await store.delete(id);
  if (!deleted) throw new NotFoundError('This message no longer exists. It may have been deleted already.');
}
