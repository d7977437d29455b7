import { useState } from 'react';
import { SelectField } from '../../ui/FormControls.tsx';
import { Modal } from '../../ui/Modal.tsx';
import type { PuzzleLexiconOption } from './use-puzzle-lexicons.ts';

export const WELCOME_TITLE = 'Welcome to puzzle mode!';
export const DICTIONARY_REQUIRED = 'Choose a dictionary.';

/**
 * The first visit's modal (docs/product/gameplay.md §2 "Puzzle page"): the
 * Dictionary is required, and remembered in this browser.
 */
export function WelcomeModal({
  options,
  ready,
  initial,
  onChoose,
  onClose,
}: {
  options: readonly PuzzleLexiconOption[];
  ready: boolean;
  initial: string;
  onChoose: (lexicon: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  return (
    <Modal title={WELCOME_TITLE} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!value) {
            setError(DICTIONARY_REQUIRED);
            return;
          }
          onChoose(value);
        }}
      >
        <p>
          Each puzzle is a position from a real game: find the best play with the rack you are
          given. Pick the dictionary your puzzles use.
        </p>
        <SelectField
          label="Dictionary"
          required
          value={value}
          error={error}
          disabled={!ready}
          onChange={(e) => {
            setValue(e.target.value);
            setError('');
          }}
        >
          <option value="">{ready ? 'Choose…' : 'Loading…'}</option>
          {options.map((o) => (
            <option key={o.name} value={o.name}>
              {o.count > 0 ? `${o.name} (${o.count} puzzles)` : o.name}
            </option>
          ))}
        </SelectField>
        <div className="modal-actions">
          <button type="submit" className="button-primary">
            Start solving
          </button>
        </div>
      </form>
    </Modal>
  );
}
