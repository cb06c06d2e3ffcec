import { apiRequest } from '@/lib/api-client';

export const CONTACT_DELETE_ROUTE = 'contact-delete';

/** DELETE /api/contact/del/{id}; 404 when it was deleted meanwhile. */
export async function deleteMessage(id: string): Promise<void> {
  await apiRequest(CONTACT_DELETE_ROUTE, { params: { id } });
}
