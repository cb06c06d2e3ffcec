import { useCallback, useRef, useState } from 'react';
import useSWR from 'swr';
import {
  setupChecklistResponseSchema,
  testMailResponseSchema,
  type SetupChecklistResponse,
  type TestMailResponse,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export const SETUP_CHECKLIST_ROUTE = 'admin-setup-checklist';

/** GET /api/admin/setup-checklist: the first-run steps, each done or not as the server sees it. */
export function getSetupChecklist(): Promise<SetupChecklistResponse> {
  return apiRequest(SETUP_CHECKLIST_ROUTE, { schema: setupChecklistResponseSchema });
}

/** The checklist, read when the dashboard opens and when the admin comes back to the tab (a step done elsewhere). */
export function useSetupChecklist() {
  return useSWR(SETUP_CHECKLIST_ROUTE, getSetupChecklist, { revalidateOnReconnect: false });
}

/** POST /api/admin/test-mail: a test mail to the signed-in administrator. */
export function sendTestMail(): Promise<TestMailResponse> {
  return apiRequest('admin-test-mail', { body: {}, schema: testMailResponseSchema });
}

/** `sendTestMail` one request at a time: a second click while one is on its way is ignored (null). */
export function useSendTestMail() {
  const inFlight = useRef(false);
  const [isSending, setIsSending] = useState(false);
  const send = useCallback(async () => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setIsSending(true);
    try {
      return await sendTestMail();
    } finally {
      inFlight.current = false;
      setIsSending(false);
    }
  }, []);
  return { send, isSending };
}
