import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabSpec<T extends string> {
  id: T;
  label: string;
  /** A count shown on the tab (and read with its name); 0 or undefined shows nothing. */
  badge?: number | string;
  /** Words read after the badge, e.g. "unread". */
  badgeLabel?: string;
}

/**
 * Tabs (WAI-ARIA tabs pattern): the arrow keys, Home and End move between
 * tabs and select them; only the selected tab is in the Tab order.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  className = '',
}: {
  label: string;
  tabs: readonly TabSpec<T>[];
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
  className?: string;
}) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(e: KeyboardEvent) {
    const at = tabs.findIndex((t) => t.id === selected);
    let next = -1;
    if (e.key === 'ArrowRight') next = (at + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (at - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onSelect(tabs[next].id);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <div className={`tabs ${className}`}>
      <div className="tab-list" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
        {tabs.map((t) => {
          const on = t.id === selected;
          return (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`${base}-tab-${t.id}`}
              aria-selected={on}
              aria-controls={`${base}-panel`}
              tabIndex={on ? 0 : -1}
              className={on ? 'tab tab-selected' : 'tab'}
              onClick={() => onSelect(t.id)}
            >
              {t.label}
              {t.badge ? (
                <span className="badge">
                  {t.badge}
                  {t.badgeLabel && <span className="visually-hidden"> {t.badgeLabel}</span>}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div
        className="tab-panel"
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${selected}`}
      >
        {children}
      </div>
    </div>
  );
}
