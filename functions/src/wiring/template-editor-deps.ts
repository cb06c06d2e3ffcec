import { dynamoTemplateEditorStore } from '../data/email-template-store.js';
import { newId } from '../kit/ids.js';

/** The store the e-mail template editor reads and writes, with its clock and ids. */
export { dynamoTemplateEditorStore };

export const templateEditorDeps = { store: dynamoTemplateEditorStore, now: () => new Date(), newId };
