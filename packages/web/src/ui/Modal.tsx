import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { isInnermostModal, pushModal } from './modal-stack.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: labelled by its title, closes on Escape, the close button
 * or a click on the backdrop, keeps Tab inside, and gives focus back to
 * whatever had it when it opened.
 */
export function Modal({
  title,
  onClose,
  children,
  wide = false,
  className,
  style,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Room for a longer form (the seek forms). */
  wide?: boolean;
  /**
   * On the backdrop. The modal is rendered at the end of the body, outside
   * the page that opened it, so a page's custom properties (the game room's
   * tile palette) must be handed over here.
   */
  className?: string;
  style?: CSSProperties;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(
      'input:not([disabled]), select, textarea, button:not(.modal-close)',
    );
    (first ?? panel.current)?.focus();
    return () => opener?.focus?.();
  }, []);

  // Escape with the focus outside the panel (dropped to the page when the
  // button that had it was disabled, e.g. by a failed submit) still closes
  // the innermost dialog; inside the panel, onKeyDown handles it first.
  useEffect(() => {
    const id = Symbol('modal');
    const pop = pushModal(id);
    const onDocumentKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || !isInnermostModal(id)) return;
      if (panel.current?.contains(e.target as Node)) return;
      e.preventDefault();
      closeRef.current();
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => {
      document.removeEventListener('keydown', onDocumentKey);
      pop();
    };
  }, []);

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.stopPropagation();
      e.preventDefault();
      closeRef.current();
      return;
    }
    if (e.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div
      className={className ? `modal-backdrop ${className}` : 'modal-backdrop'}
      style={style}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) closeRef.current();
      }}
    >
      <div
        ref={panel}
        className={wide ? 'modal modal-wide' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="modal-close"
            aria-label="Close"
            onClick={() => closeRef.current()}
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
