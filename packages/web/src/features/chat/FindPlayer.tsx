import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import type { Person } from '../social/social-store.ts';

/** Suggestions wait this long after typing (spec §5 "Chat"). */
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
  const [suggestions, setSuggestions] = useState<Person[]>([]);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let stale = false;
    const t = setTimeout(() => {
      void social.complete(text).then((found) => {
        if (stale) return;
        setSuggestions(found.filter((p) => p.uuid !== session.userId));
        setActive(-1);
      });
    }, SUGGEST_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(t);
    };
  }, [text, social, session.userId]);

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
      setActive((a) => (a + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp' && suggestions.length) {
      e.preventDefault();
      setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
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
