import type { ContactMessage } from '@goldbot/shared';

/**
 * Contact message entity: owns its keys (docs/data-model.md, "Contact message" and "Contact messages").
 *   PK = CONTACT#<id>, SK = CONTACT#<id>             get / delete by id
 *   GSI1PK = CONTACTS, GSI1SK = <createdAt>#<id>     admin list, newest first; today's count
 *   searchText                                       name, e-mail and message, lower-cased (search)
 *   counted = true                                   the message is in STATS#CONTACTS / TOTAL
 */
export const CONTACT_LIST_PARTITION = 'CONTACTS';

export const contactMessageKey = (id: string) => ({ PK: `CONTACT#${id}`, SK: `CONTACT#${id}` });

export type ContactMessageItem = ContactMessage & {
  PK: string;
  SK: string;
  GSI1PK: string;
  GSI1SK: string;
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

export const toContactMessageItem = (message: ContactMessage): ContactMessageItem => ({
  ...contactMessageKey(message._id),
  GSI1PK: CONTACT_LIST_PARTITION,
  GSI1SK: `${message.createdAt}#${message._id}`,
  entity: 'ContactMessage',
  ...message,
  searchText: contactSearchText(message),
  counted: true,
});

export const fromContactMessageItem = (item: Record<string, unknown>): ContactMessage => ({
  _id: String(item._id),
  name: String(item.name),
  email: String(item.email),
  message: String(item.message),
  createdAt: String(item.createdAt),
});
