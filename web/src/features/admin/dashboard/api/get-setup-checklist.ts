import { setupChecklistResponseSchema, testMailResponseSchema, type TestMailResponse } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useRouteRead } from '@/hooks/use-api-query';
import { useSingleFlightCall } from '@/hooks/use-single-flight';

export const SETUP_CHECKLIST_ROUTE = 'admin-setup-checklist';

/**
 * GET /api/admin/setup-checklist: the first-run steps, each done or not as the server sees it; read
 * when the dashboard opens and when the admin comes back to the tab (a step done elsewhere).
 */
export function useSetupChecklist() {
  return useRouteRead(SETUP_CHECKLIST_ROUTE, setupChecklistResponseSchema, { revalidateOnReconnect: false });
}

/** POST /api/admin/test-mail: a test mail to the signed-in administrator. */
export function sendTestMail(): Promise<TestMailResponse> {
  return apiRequest('admin-test-mail', { body: {}, schema: testMailResponseSchema });
}

/** `sendTestMail` one request at a time: a second click while one is on its way is ignored (null). */
export function useSendTestMail() {
  const { run, running } = useSingleFlightCall(sendTestMail);
  return { send: run, isSending: running };
}
