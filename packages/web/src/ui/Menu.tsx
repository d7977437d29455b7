import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';

export type MenuItem =
  | { kind: 'link'; label: string; to: string }
  | { kind: 'external'; label: string; href: string }
  | { kind: 'action'; label: string; onSelect: () => void };

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown opens it
 * on the first item, the arrow keys, Home and End move, Escape closes it and
 * returns focus to the button, Tab or a click elsewhere closes it.
 */
export function Menu({
  label,
  items,
  buttonContent,
  buttonProps,
  align = 'start',
  floating = false,
}: {
  /** The button's accessible name when its content is not text enough. */
  label?: string;
  items: MenuItem[];
  buttonContent: ReactNode;
  buttonProps?: Record<`data-${string}` | `aria-${string}`, string | undefined> & {
    className?: string;
  };
  align?: 'start' | 'end';
  /**
   * Position the list against the viewport (above the button when there is
   * no room below), for buttons inside scrolling boxes such as a chat log,
   * which would otherwise clip it. Any scroll closes it.
   */
  floating?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');

  useLayoutEffect(() => {
    if (!open || !floating) return;
    const b = button.current?.getBoundingClientRect();
    const list = root.current?.querySelector<HTMLElement>('[role="menu"]');
    if (!b || !list) return;
    const height = list.offsetHeight;
    const below = window.innerHeight - b.bottom;
    const top = below < height + 8 && b.top > height + 8 ? b.top - height - 4 : b.bottom + 4;
    const left = Math.max(8, Math.min(b.left, window.innerWidth - list.offsetWidth - 8));
    setPlace({ position: 'fixed', top, left, right: 'auto' });
    const close = () => setOpen(false);
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
      setPlace(undefined);
    };
  }, [open, floating]);

  useEffect(() => {
    if (!open) return;
    const entries = menuEntries();
    (focusOnOpen.current === 'first' ? entries[0] : entries[entries.length - 1])?.focus();
    const onDocMouseDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDocMouseDown);
    return () => document.removeEventListener('mousedown', onDocMouseDown);
  }, [open]);

  function menuEntries(): HTMLElement[] {
    return [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  }

  function openAt(where: 'first' | 'last') {
    focusOnOpen.current = where;
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }

  function onButtonKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openAt('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt('last');
    }
  }

  function onMenuKeyDown(e: KeyboardEvent) {
    const entries = menuEntries();
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => entries[(i + entries.length) % entries.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        move(at + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        move(at - 1);
        break;
      case 'Home':
        e.preventDefault();
        move(0);
        break;
      case 'End':
        e.preventDefault();
        move(entries.length - 1);
        break;
      case 'Escape':
        e.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
    }
  }

  return (
    <div className={`menu menu-align-${align}`} ref={root}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
        {...buttonProps}
        className={`menu-button ${buttonProps?.className ?? ''}`}
      >
        {buttonContent}
      </button>
      {open && (
        <ul
          className="menu-list"
          role="menu"
          id={menuId}
          onKeyDown={onMenuKeyDown}
          style={floating ? (place ?? { visibility: 'hidden' }) : undefined}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              {item.kind === 'link' ? (
                <Link role="menuitem" to={item.to} tabIndex={-1} onClick={() => close(false)}>
                  {item.label}
                </Link>
              ) : item.kind === 'external' ? (
                <a
                  role="menuitem"
                  href={item.href}
                  tabIndex={-1}
                  target="_blank"
                  rel="noreferrer"
                  onClick={() => close(false)}
                >
                  {item.label}
                </a>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => {
                    close(true);
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
