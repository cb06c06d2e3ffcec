import { userStatusHandler } from '../wiring/user-status-route.js';

/** Activates a deactivated user again: the flag, the counters and the audit entry, then Cognito enables them. */
export const handler = userStatusHandler('admin-user-activate', 'active', 'user activation answered');
