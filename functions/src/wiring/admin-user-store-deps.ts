/** The store of the back-office user list, detail and statistics. */
export { dynamoAdminUserStore } from '../data/admin-user-store.js';
