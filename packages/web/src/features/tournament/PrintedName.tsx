import { realNameOf, type Division } from './model.ts';

/**
 * A player's name as printed ("Smylie, Jackson"), small and muted after
 * their username, when a director gave one; nothing otherwise. Usernames
 * stay the player's identity on the page; this helps an over-the-board room
 * find people by the name on their badge.
 */
export function PrintedName({ division, personId }: { division: Division; personId: string }) {
  const name = realNameOf(division, personId);
  return name ? <span className="muted person-name">{name}</span> : null;
}
