import { useId, useState, type ReactNode } from 'react';

/**
 * A tooltip shown while its trigger is hovered or focused; the trigger is
 * focusable and described by the tooltip text.
 */
export function Tooltip({ text, children }: { text: string; children: ReactNode }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <span
      className="tooltip-anchor"
      tabIndex={0}
      aria-describedby={id}
      onMouseEnter={() => setShown(true)}
      onMouseLeave={() => setShown(false)}
      onFocus={() => setShown(true)}
      onBlur={() => setShown(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setShown(false);
      }}
    >
      {children}
      <span role="tooltip" id={id} className="tooltip" hidden={!shown}>
        {text}
      </span>
    </span>
  );
}
