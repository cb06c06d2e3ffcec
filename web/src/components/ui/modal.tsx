import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { classNames } from '@/lib/class-names';
import { CloseIcon } from './icons';
import { useScrollLock } from './use-scroll-lock';
import './modal.css';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const focusableIn = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden]') && !element.hasAttribute('data-focus-sentinel'),
  );

export interface ModalProps {
  /** The dialog's name, shown as its heading (or only announced, with `hideTitle`). */
  title: string;
  hideTitle?: boolean;
  onClose: () => void;
  /** 'dialog': a centred box; 'fullscreen': covers the viewport (report viewer). */
  variant?: 'dialog' | 'fullscreen';
  className?: string;
  closeLabel?: string;
  children: ReactNode;
}

/**
 * An accessible modal: rendered while mounted (the caller decides when), it closes by its button,
 * a click on the overlay outside it, or Escape; it keeps keyboard focus inside, makes the page
 * behind it inert, locks the page's scroll, and gives focus back to where it was on close.
 */
export function Modal({
  title,
  hideTitle = false,
  onClose,
  variant = 'dialog',
  className,
  closeLabel = 'Close',
  children,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  // Read through a ref so a new onClose each render does not re-run the focus effect.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useScrollLock(true);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButtonRef.current?.focus();

    // The app behind the dialog leaves the tab order and the accessibility tree.
    const appRoot = document.getElementById('root');
    const dialog = dialogRef.current;
    const madeInert = appRoot && dialog && !appRoot.contains(dialog) && !appRoot.inert ? appRoot : null;
    if (madeInert) madeInert.inert = true;

    // Focus that still gets out (e.g. tabbing past an embedded frame) is brought back.
    const keepFocusInside = (event: FocusEvent) => {
      const current = dialogRef.current;
      if (current && event.target instanceof Node && !current.contains(event.target)) {
        closeButtonRef.current?.focus();
      }
    };
    // Escape is handled on the document so it works wherever focus is inside the page.
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener('focusin', keepFocusInside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      document.removeEventListener('keydown', closeOnEscape);
      if (madeInert) madeInert.inert = false;
      if (previouslyFocused?.isConnected) previouslyFocused.focus({ preventScroll: true });
    };
  }, []);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = focusableIn(dialogRef.current);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // Only a press that starts and ends on the overlay itself closes: dragging a text selection
  // out of the dialog must not.
  const pressStartedOnOverlay = useRef(false);
  const onOverlayMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnOverlay.current = event.target === event.currentTarget;
  };
  const onOverlayClick = (event: MouseEvent<HTMLDivElement>) => {
    if (pressStartedOnOverlay.current && event.target === event.currentTarget) onClose();
    pressStartedOnOverlay.current = false;
  };

  return createPortal(
    <div
      className={classNames('modal-overlay', `modal-overlay--${variant}`)}
      onMouseDown={onOverlayMouseDown}
      onClick={onOverlayClick}
      data-testid="modal-overlay"
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={classNames('modal', `modal--${variant}`, className)}
        onKeyDown={trapTab}
      >
        <div className="modal__header">
          <h2 id={titleId} className={classNames('modal__title', hideTitle && 'visually-hidden')}>
            {title}
          </h2>
          <button ref={closeButtonRef} type="button" className="modal__close" onClick={onClose} aria-label={closeLabel}>
            <CloseIcon />
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {/* Tab pressed inside an iframe (the video) never reaches trapTab: the key goes to the
            frame's own document, and the browser moves focus to the next element after the frame.
            This element is that next element, and it sends focus back to the start. */}
        <span
          tabIndex={0}
          data-focus-sentinel=""
          className="visually-hidden"
          onFocus={() => (dialogRef.current ? focusableIn(dialogRef.current)[0]?.focus() : undefined)}
        />
      </div>
    </div>,
    document.body,
  );
}
