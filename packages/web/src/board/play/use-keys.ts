import type { LetterSet } from '@tessera/engine';
import { useEffect, useRef } from 'react';

/** What the game room does for each key (docs/product/gameplay.md §2 "Controls while playing"). */
export interface KeyCommands {
  letter?: (code: number) => void;
  backspace?: () => void;
  enter?: () => void;
  escape?: () => void;
  /** Key 2. */
  pass?: () => void;
  /** Key 3. */
  challenge?: () => void;
  /** Key 4. */
  exchange?: () => void;
  /** Up arrow: shuffle; down arrow: return the tiles (outside the board grid). */
  shuffle?: () => void;
  recall?: () => void;
  /** Examine mode: left and right step through the turns. */
  previous?: () => void;
  next?: () => void;
}

/** The key went to a form field (its typing is not a game command). */
export function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return (
    el.tagName === 'INPUT' ||
    el.tagName === 'TEXTAREA' ||
    el.tagName === 'SELECT' ||
    el.isContentEditable === true
  );
}

/**
 * One keydown listener for the room. Keys typed into fields, and every key
 * while a dialog is open, are left alone. Backspace is blocked outside
 * input fields (so it never navigates back).
 */
export function useGameKeys(set: LetterSet, commands: KeyCommands): void {
  const ref = useRef(commands);
  useEffect(() => {
    ref.current = commands;
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (document.querySelector('[role="dialog"]')) return;
      const c = ref.current;
      const target = e.target as HTMLElement | null;
      const onCell = target?.getAttribute?.('role') === 'gridcell';
      const onButton = !onCell && target?.tagName === 'BUTTON';
      const handled = (f: (() => void) | undefined) => {
        if (!f) return;
        e.preventDefault();
        f();
      };
      switch (e.key) {
        case 'Backspace':
          e.preventDefault();
          c.backspace?.();
          return;
        case 'Enter':
          if (!onButton) handled(c.enter);
          return;
        case 'Escape':
          return handled(c.escape);
        case '2':
          return handled(c.pass);
        case '3':
          return handled(c.challenge);
        case '4':
          return handled(c.exchange);
        case 'ArrowUp':
          return handled(c.shuffle);
        case 'ArrowDown':
          return handled(c.recall);
        case 'ArrowLeft':
          return handled(c.previous);
        case 'ArrowRight':
          return handled(c.next);
      }
      if (e.key.length === 0 || !c.letter) return;
      const code = set.codeByRune.get(e.key.toUpperCase());
      if (code !== undefined) handled(() => c.letter!(code));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [set]);
}
