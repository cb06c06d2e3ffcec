import { useEffect } from 'react';
import { TOAST_MS } from '@goldbot/shared';
import { CloseIcon } from '@/components/ui/icons';
import { classNames } from '@/lib/class-names';

export interface Notice {
  message: string;
  variant: 'success' | 'error' | 'info';
}

interface InPageNotificationProps {
  notice: Notice;
  onClose: () => void;
  /** The in-page notification hides itself after 3 seconds. */
  durationMs?: number;
}

/** The dashboard's in-page notification: auto-hides, closable by hand. */
export function InPageNotification({
  notice,
  onClose,
  durationMs = TOAST_MS.inPageNotification,
}: InPageNotificationProps) {
  useEffect(() => {
    const timer = setTimeout(onClose, durationMs);
    return () => clearTimeout(timer);
  }, [notice, onClose, durationMs]);

  const isError = notice.variant === 'error';
  return (
    <div className={classNames('in-page-notification', `in-page-notification--${notice.variant}`)}>
      <p className="in-page-notification__message" role={isError ? 'alert' : 'status'}>
        {notice.message}
      </p>
      <button type="button" className="in-page-notification__close" aria-label="Close notification" onClick={onClose}>
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
