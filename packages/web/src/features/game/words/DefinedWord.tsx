import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useServices } from '../../../app/services.tsx';
import { definitionsFor, type Definition } from './definitions.ts';

/** The popup stays this long after the pointer leaves (spec/gameplay.md §9). */
export const DEFINITION_HIDE_MS = 1_000;

/**
 * Words that show their definitions while hovered (spec/gameplay.md §2:
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
  const [found, setFound] = useState<Definition[] | 'loading' | 'failed'>('loading');
  const hide = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const key = words.join(',');

  useEffect(() => () => clearTimeout(hide.current), []);
  useEffect(() => {
    if (!shown || !lexicon || !key) return;
    let live = true;
    setFound('loading');
    definitionsFor(api.word)
      .define(lexicon, key.split(','))
      .then(
        (d) => live && setFound(d),
        () => live && setFound('failed'),
      );
    return () => {
      live = false;
    };
  }, [shown, lexicon, key, api.word]);

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
          {found === 'loading'
            ? 'Looking up…'
            : found === 'failed'
              ? 'The definition could not be fetched.'
              : found.map((d) => (
                  <span key={d.word} className="definition">
                    <strong className={d.valid ? undefined : 'definition-invalid'}>
                      {d.word}
                      {d.valid ? '' : '*'}
                    </strong>{' '}
                    {d.valid ? d.definition || 'Valid; no definition known.' : 'not a valid word'}
                  </span>
                ))}
        </span>
      )}
    </span>
  );
}
