import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';
import { AdminThemeProvider } from './admin-theme';

/**
 * The site's accessible Modal for an admin screen: it is portalled out of the admin layout, so its
 * content wraps itself in the admin theme again.
 */
export function AdminModal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <Modal title={title} onClose={onClose}>
      <AdminThemeProvider>{children}</AdminThemeProvider>
    </Modal>
  );
}
