/** The store the admin audit log is read from. */
export { dynamoAuditLogStore } from '../data/audit-log-store.js';
