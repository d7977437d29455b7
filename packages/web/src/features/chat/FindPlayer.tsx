import { useId, useState, type KeyboardEvent } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import type { Person } from '../../stores/social-store.ts';
import { usePlayerSuggestions } from '../social/index.ts';

/** Suggestions wait this long after typing (docs/product/gameplay.md §5 "Chat"). */
export const SUGGEST_DELAY_MS = 300;

/**
 * "+ Start new chat"'s player picker: a combobox suggesting players from the
 * server's player search; Enter takes the highlighted one or looks the typed name up.
 * Yourself is never offered.
 */
export function FindPlayer({
  onPick,
  onCancel,
}: {
  onPick: (p: Person) => void;
  onCancel: () => void;
}) {
  const { social } = useServices();
  const session = useSession();
  const id = useId();
  const [text, setText] = useState('');
  const suggestions = usePlayerSuggestions(text, SUGGEST_DELAY_MS);
  // The highlighted suggestion, forgotten when a new list arrives.
  const [highlight, setHighlight] = useState({ among: suggestions, index: -1 });
  const active = highlight.among === suggestions ? highlight.index : -1;
  const setActive = (index: number) => setHighlight({ among: suggestions, index });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function pickTyped() {
    const name = text.trim();
    if (!name) return;
    if (name.toLowerCase() === session.username.toLowerCase()) {
      setError('You cannot start a chat with yourself.');
      return;
    }
    setBusy(true);
    const found = await social.lookup(name);
    setBusy(false);
    if (found && found.uuid !== session.userId) onPick(found);
    else setError(`No player called ${name} was found.`);
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'ArrowDown' && suggestions.length) {
      e.preventDefault();
      setActive((active + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp' && suggestions.length) {
      e.preventDefault();
      setActive(active <= 0 ? suggestions.length - 1 : active - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (active >= 0 && suggestions[active]) onPick(suggestions[active]);
      else void pickTyped();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    }
  }

  const open = suggestions.length > 0;
  return (
    <div className="find-player">
      <input
        type="search"
        role="combobox"
        aria-label="Find player"
        placeholder="Find player"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${id}-${active}` : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        value={text}
        autoFocus
        disabled={busy}
        onChange={(e) => {
          setText(e.target.value);
          setError('');
        }}
        onKeyDown={onKeyDown}
      />
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label="Players"
        hidden={!open}
        className="suggestions"
      >
        {suggestions.map((p, i) => (
          <li
            key={p.uuid}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            onMouseDown={(e) => {
              e.preventDefault();
              onPick(p);
            }}
          >
            {p.username}
          </li>
        ))}
      </ul>
      {error && (
        <p id={`${id}-error`} className="chat-hint chat-hint-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
