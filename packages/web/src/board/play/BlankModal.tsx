import type { LetterSet } from '@tessera/engine';
import { useEffect, type CSSProperties } from 'react';
import { Modal } from '../../ui/Modal.tsx';

export const BLANK_TITLE = 'Designate your blank';

/** Opens when a blank is put on the board without a letter: pick one (or type it). */
export function BlankModal({
  set,
  onChoose,
  onClose,
  palette,
}: {
  set: LetterSet;
  onChoose: (letter: number) => void;
  onClose: () => void;
  /** The room's tile and board colours (custom properties). */
  palette?: CSSProperties;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const code = set.codeByRune.get(e.key.toUpperCase());
      if (code === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      onChoose(code);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [set, onChoose]);

  return (
    <Modal title={BLANK_TITLE} onClose={onClose} className="tile-palette" style={palette}>
      <div className="blank-letters" role="group" aria-label="Letters">
        {set.letters.slice(1).map((l, i) => (
          <button
            key={l.rune}
            type="button"
            className="blank-letter"
            onClick={() => onChoose(i + 1)}
          >
            {l.rune}
          </button>
        ))}
      </div>
    </Modal>
  );
}
