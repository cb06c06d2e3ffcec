import type { ContactMessage } from '@goldbot/shared';

/**
 * Contact message entity: owns its keys (docs/data-model.md, "Contact messages").
 *   PK = CONTACT#<id>, SK = CONTACT#<id>             get / delete by id
 *   GSI1PK = CONTACTS, GSI1SK = <createdAt>#<id>     admin list, newest first
 */
export const CONTACT_LIST_PARTITION = 'CONTACTS';

export const contactMessageKey = (id: string) => ({ PK: `CONTACT#${id}`, SK: `CONTACT#${id}` });

export interface ContactMessageItem extends ContactMessage {
  PK: string;
  SK: string;
  GSI1PK: string;
  GSI1SK: string;
  entity: 'ContactMessage';
}

export const toContactMessageItem = (message: ContactMessage): ContactMessageItem => ({
  ...contactMessageKey(message._id),
  GSI1PK: CONTACT_LIST_PARTITION,
  GSI1SK: `${message.createdAt}#${message._id}`,
  entity: 'ContactMessage',
  ...message,
});

export const fromContactMessageItem = (item: Record<string, unknown>): ContactMessage => ({
  _id: String(item._id),
  name: String(item.name),
  email: String(item.email),
  message: String(item.message),
  createdAt: String(item.createdAt),
});
