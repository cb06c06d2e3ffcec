import { userStatusHandler } from '../wiring/user-status-route.js';

/** Deactivates a user: refused everywhere at once, disabled in Cognito, every session ended. */
export const handler = userStatusHandler('admin-user-deactivate', 'inactive', 'user deactivation answered');
