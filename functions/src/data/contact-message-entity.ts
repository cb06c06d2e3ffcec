import type { ContactMessage } from '@goldbot/shared';

/**
 * Contact message entity: owns its keys (docs/data-model.md, "Contact message" and "Contact messages").
 *   PK = CONTACT#<id>, SK = CONTACT#<id>             get / delete by id
 *   GSI1PK = CONTACTS, GSI1SK = <createdAt>#<id>     admin list, newest first (the All and Read tabs)
 *   GSI2PK = CONTACTS#UNREAD, GSI2SK = <createdAt>#<id>
 *                                                    only while unread (sparse): the Unread tab and
 *                                                    Mark All Read; counted in STATS#CONTACTS `unread`
 *   readAt                                           when it was read (absent while unread)
 *   searchText                                       name, e-mail and message, lower-cased (search)
 *   counted = true                                   the message is in STATS#CONTACTS / TOTAL
 */
export const CONTACT_LIST_PARTITION = 'CONTACTS';
export const CONTACT_UNREAD_PARTITION = 'CONTACTS#UNREAD';

export const contactMessageKey = (id: string) => ({ PK: `CONTACT#${id}`, SK: `CONTACT#${id}` });

/** The sparse index keys of an unread message; marking it read removes them. */
export const unreadListKeys = (message: Pick<ContactMessage, '_id' | 'createdAt'>) => ({
  GSI2PK: CONTACT_UNREAD_PARTITION,
  GSI2SK: `${message.createdAt}#${message._id}`,
});

export type ContactMessageItem = Omit<ContactMessage, 'read'> & {
  PK: string;
  SK: string;
  GSI1PK: string;
  GSI1SK: string;
  /** Present only while the message is unread. */
  GSI2PK?: string;
  GSI2SK?: string;
  readAt?: string;
  entity: 'ContactMessage';
  searchText: string;
  /**
   * Written with the `total` +1 of the contact aggregates in the same transaction. A delete takes 1 off only from a
   * message that carries it, so messages stored before the counter existed never push it below 0.
   */
  counted: true;
};

/** The admin's search field: name, e-mail and message, one per line, lower-cased. */
export const contactSearchText = (message: Pick<ContactMessage, 'name' | 'email' | 'message'>) =>
  [message.name, message.email, message.message].join('\n').toLowerCase();

/** A new message is stored unread (in the unread index), or read with the time it was read. */
export const toContactMessageItem = (message: ContactMessage, readAt?: string): ContactMessageItem => {
  const { read, ...fields } = message;
  return {
    ...contactMessageKey(message._id),
    GSI1PK: CONTACT_LIST_PARTITION,
    GSI1SK: `${message.createdAt}#${message._id}`,
    ...(read ? { readAt: readAt ?? message.createdAt } : unreadListKeys(message)),
    entity: 'ContactMessage',
    ...fields,
    searchText: contactSearchText(message),
    counted: true,
  };
};

/** Whether a stored item is unread: it is in the unread index. */
export const isUnreadItem = (item: Record<string, unknown>) => item.GSI2PK === CONTACT_UNREAD_PARTITION;

/**
 * The API shape. A message stored before the read state was kept on the server (no unread keys,
 * no `readAt`) reads as read: it was never counted as unread.
 */
export const fromContactMessageItem = (item: Record<string, unknown>): ContactMessage => ({
  _id: String(item._id),
  name: String(item.name),
  email: String(item.email),
  message: String(item.message),
  createdAt: String(item.createdAt),
  read: !isUnreadItem(item),
});
