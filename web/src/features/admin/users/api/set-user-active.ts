import { adminUserActionResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export { adminUserActionResponseSchema };
export type UserActionResponse = ReturnType<typeof adminUserActionResponseSchema.parse>;

/** Activate lets the user sign in again; deactivate locks them out and ends their sessions. */
export type UserAction = 'activate' | 'deactivate';

const ROUTES = { activate: 'admin-user-activate', deactivate: 'admin-user-deactivate' } as const;

/**
 * PUT /api/admin/user/{id}/activate or /deactivate, no body. Both are idempotent; the
 * server refuses an admin's own deactivation. Answers the message and the user as they are now.
 */
export function setUserActive(id: string, action: UserAction): Promise<UserActionResponse> {
  return apiRequest(ROUTES[action], { params: { id }, schema: adminUserActionResponseSchema });
}
