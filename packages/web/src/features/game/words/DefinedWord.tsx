import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useServices } from '../../../app/services.tsx';
import { definitionsQuery } from './definitions.ts';

/** The popup stays this long after the pointer leaves (docs/product/gameplay.md §9). */
export const DEFINITION_HIDE_MS = 1_000;

/**
 * Words that show their definitions while hovered (docs/product/gameplay.md §2:
 * "Hovering a word shows its definition in a popup that auto-hides after
 * 1 second"). The definitions come from WordService.DefineWords in the
 * game's lexicon; a word the lexicon does not hold is marked invalid.
 */
export function DefinedWord({
  lexicon,
  words,
  children,
}: {
  lexicon: string | undefined;
  words: readonly string[];
  children: ReactNode;
}) {
  const { api } = useServices();
  const id = useId();
  const [shown, setShown] = useState(false);
  const hide = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Looked up the first time the popup opens; a failed look-up is tried again on the next hover.
  const found = useQuery({
    ...definitionsQuery(api.word, lexicon ?? '', words),
    enabled: shown && !!lexicon && words.length > 0,
  });

  useEffect(() => () => clearTimeout(hide.current), []);

  if (!lexicon || words.length === 0) return <>{children}</>;
  const enter = () => {
    clearTimeout(hide.current);
    setShown(true);
  };
  const leave = () => {
    clearTimeout(hide.current);
    hide.current = setTimeout(() => setShown(false), DEFINITION_HIDE_MS);
  };
  return (
    <span
      className="defined-word"
      onMouseEnter={enter}
      onMouseLeave={leave}
      aria-describedby={shown ? id : undefined}
    >
      {children}
      {shown && (
        <span role="tooltip" id={id} className="tooltip definition-popup">
          {found.data
            ? found.data.map((d) => (
                <span key={d.word} className="definition">
                  <strong className={d.valid ? undefined : 'definition-invalid'}>
                    {d.word}
                    {d.valid ? '' : '*'}
                  </strong>{' '}
                  {d.valid ? d.definition || 'Valid; no definition known.' : 'not a valid word'}
                </span>
              ))
            : found.isError
              ? 'The definition could not be fetched.'
              : 'Looking up…'}
        </span>
      )}
    </span>
  );
}
