import { dynamoContactMessageStore } from '../data/contact-message-store.js';

/** The store of contact messages and the clock that stamps them. */
export { dynamoContactMessageStore };

export const contactClock = { now: () => new Date() };
