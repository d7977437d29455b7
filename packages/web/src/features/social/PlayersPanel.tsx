import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../app/services.tsx';
import { useLobby } from '../../stores/use-lobby.ts';
import { presenceRealm } from '../../stores/channels.ts';
import { useChat } from '../../stores/use-chat.ts';
import type { Person } from '../../stores/social-store.ts';
import { UserName } from './UserName.tsx';
import { usePlayerSearch } from './use-player-search.ts';
import { useSocial } from '../../stores/use-social.ts';

/** Friend search waits this long after typing (docs/product/gameplay.md §5 "Chat"). */
export const SEARCH_DELAY_MS = 200;
/** Entries rendered at first; more come as the list is scrolled (docs/product/gameplay.md §2: about 18, growing). */
export const PAGE = 18;

export const NO_FRIENDS_TEXT =
  "You haven't added any friends. Add some now to see when they're online!";

export interface PersonEntry {
  person: Person;
  /** Playing, Watching, Solving puzzles ... */
  activity?: string;
  /** Connected, doing nothing in particular: the dot is green all the same. */
  online?: boolean;
}

/** A section of present players given by the page (OPPONENT, OBSERVERS, IN ROOM ...). */
export interface PlayerSection {
  heading: string;
  people: readonly PersonEntry[];
  /** Present but not named here: a crowded room's names are a sample (decision 0156). */
  unnamed?: number;
}

/**
 * The Players tab (docs/product/gameplay.md §2 "Side panel tabs"): Search players, FRIENDS with
 * what they are doing, then the players present here; search results under
 * ALL PLAYERS.
 */
export function PlayersPanel({
  sections,
  presenceChannel,
  presenceHeading,
  onMatchUser,
}: {
  sections: readonly PlayerSection[];
  presenceChannel?: string;
  presenceHeading?: string;
  onMatchUser?: (username: string) => void;
}) {
  const session = useSession();
  const { follows, online } = useSocial();
  const lobby = useLobby();
  const { presence } = useChat();
  const [query, setQuery] = useState('');
  const found = usePlayerSearch(query, SEARCH_DELAY_MS, 50);
  const friendIds = new Set(follows.map((f) => f.uuid));
  const results = found?.filter((p) => p.uuid !== session.userId && !friendIds.has(p.uuid)) ?? null;

  // What people are doing, as far as the lobby can tell.
  const activity = new Map<string, string>();
  for (const s of lobby.seeks) if (!s.receiverIsPermanent) activity.set(s.seekerId, 'In lobby');
  for (const g of lobby.activeGames) for (const p of g.players) activity.set(p.userId, 'Playing');
  const entry = (p: Person): PersonEntry => ({ person: p, activity: activity.get(p.uuid) });

  // A friend is online if the server said so, or if they are in any room this page hears of.
  const isOnline = (uuid: string) =>
    online.has(uuid) ||
    Object.values(presence).some((here) => here.users.some((u) => u.uuid === uuid));

  const present: PlayerSection[] = [];
  if (presenceChannel && presenceHeading) {
    const realm = presenceRealm(presenceChannel);
    const room = realm ? presence[realm] : undefined;
    const here = room?.users ?? [];
    const seekers = lobby.seeks
      .filter((s) => !s.receiverIsPermanent && !s.correspondence)
      .map((s) => ({ uuid: s.seekerId, username: s.seeker }));
    const people = dedupe(here.length ? here : seekers).filter((p) => p.uuid !== session.userId);
    const unnamed = room && here.length ? room.named - here.length : 0;
    present.push({ heading: presenceHeading, people: people.map(entry), unnamed });
  }

  return (
    <div className="players-panel">
      <input
        type="search"
        className="search-players"
        aria-label="Search players"
        placeholder="Search players"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {results !== null ? (
        <Section
          heading="ALL PLAYERS"
          empty="No players found."
          people={results.map(entry)}
          onMatchUser={onMatchUser}
        />
      ) : (
        <>
          <Section
            heading="FRIENDS"
            empty={session.loggedIn ? NO_FRIENDS_TEXT : 'Log in to see your friends.'}
            people={follows.map((p) => ({ ...entry(p), online: isOnline(p.uuid) }))}
            onMatchUser={onMatchUser}
          />
          {[...present, ...sections].map((s) => (
            <Section
              key={s.heading}
              heading={s.heading}
              empty="Nobody here right now."
              people={s.people}
              unnamed={s.unnamed}
              onMatchUser={onMatchUser}
            />
          ))}
        </>
      )}
    </div>
  );
}

function dedupe(people: readonly Person[]): Person[] {
  const seen = new Set<string>();
  return people.filter((p) => (seen.has(p.uuid) ? false : (seen.add(p.uuid), true)));
}

function Section({
  heading,
  empty,
  people,
  unnamed = 0,
  onMatchUser,
}: {
  heading: string;
  empty: string;
  people: readonly PersonEntry[];
  unnamed?: number;
  onMatchUser?: (username: string) => void;
}) {
  const [shown, setShown] = useState(PAGE);
  const id = `players-${heading.replace(/\W+/g, '-').toLowerCase()}`;
  const more = people.length > shown;
  const end = useRef<HTMLButtonElement>(null);

  // The list grows when its end scrolls into view; the button stays for keyboards.
  useEffect(() => {
    const el = end.current;
    if (!more || !el || typeof IntersectionObserver === 'undefined') return;
    const watcher = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setShown((n) => n + PAGE);
    });
    watcher.observe(el);
    return () => watcher.disconnect();
  }, [more, shown]);
  return (
    <section className="people" aria-labelledby={id}>
      <h3 id={id} className="section-heading">
        {heading}
      </h3>
      {people.length === 0 ? (
        <p className="muted small">{empty}</p>
      ) : (
        <ul>
          {people.slice(0, shown).map(({ person, activity, online }) => (
            <li key={person.uuid} className="person">
              <span
                className={`presence-dot${activity || online ? ' presence-active' : ''}`}
                aria-hidden="true"
              />
              <UserName person={person} onMatchUser={onMatchUser} />
              {activity && <span className="activity">{activity}</span>}
            </li>
          ))}
        </ul>
      )}
      {more && (
        <button
          ref={end}
          type="button"
          className="link-button small"
          onClick={() => setShown((n) => n + PAGE)}
        >
          Show more
        </button>
      )}
      {!more && unnamed > 0 && (
        <p className="muted small">
          and {unnamed} more {unnamed === 1 ? 'player' : 'players'}: search to find someone
        </p>
      )}
    </section>
  );
}
