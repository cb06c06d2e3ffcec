import { sendActivationMailsResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';

export { sendActivationMailsResponseSchema };
export type SendActivationMailsResponse = ReturnType<typeof sendActivationMailsResponseSchema.parse>;

/**
 * POST /api/payment/send-basic-package-notifications, no body: mails each listed
 * subscriber once (the server marks them in the same write) and answers `{message, sent}`.
 */
export function sendActivationMails(): Promise<SendActivationMailsResponse> {
  return apiRequest('payment-send-basic-notifications', { schema: sendActivationMailsResponseSchema });
}
