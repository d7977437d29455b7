import { useState } from 'react';
import { UserName } from '../social/index.ts';
import type { Presence } from '../../stores/chat-store.ts';

/**
 * "Show list" / "Hide list" above a conversation (docs/product/gameplay.md §2 "Side panel
 * tabs"): who is present in the channel, counted as Players or Observers.
 * Anonymous viewers are counted but not named.
 */
export function PresenceList({
  presence,
  observers,
  onMatchUser,
}: {
  presence: Presence;
  observers: boolean;
  onMatchUser?: (username: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const count = presence.named + presence.anonymous;
  // A crowded room names a sample of its players (decision 0156).
  const unnamed = presence.named - presence.users.length;
  const noun = observers ? 'Observers' : 'Players';
  return (
    <div className="presence">
      <span className="presence-count">
        {count} {count === 1 ? noun.slice(0, -1) : noun}
      </span>
      <button
        type="button"
        className="link-button small"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide list' : 'Show list'}
      </button>
      {open && (
        <ul className="presence-list" aria-label={noun}>
          {presence.users.map((u) => (
            <li key={u.uuid}>
              <UserName person={u} onMatchUser={onMatchUser} />
            </li>
          ))}
          {unnamed > 0 && (
            <li className="muted">
              and {unnamed} more{' '}
              {unnamed === 1 ? noun.slice(0, -1).toLowerCase() : noun.toLowerCase()}
            </li>
          )}
          {presence.anonymous > 0 && (
            <li className="muted">
              {presence.anonymous === 1
                ? '1 anonymous viewer'
                : `${presence.anonymous} anonymous viewers`}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
