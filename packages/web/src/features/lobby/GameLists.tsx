import { useState } from 'react';
import { useSession } from '../../app/services.tsx';
import { setPreferences, usePreferences } from '../../preferences/use-preferences.ts';
import { Tabs, type TabSpec } from '../../ui/Tabs.tsx';
import { CorrespondenceCount } from './CorrespondenceCount.tsx';
import { ActiveGames, CorrespondenceGames, useNow } from './GameRows.tsx';
import { LobbyActions, type OpenForm } from './LobbyActions.tsx';
import { MatchRequests } from './MatchRequests.tsx';
import {
  correspondenceBadge,
  incomingMatches,
  myGames,
  openSeeks,
  outgoingMatches,
  sortCorrespondence,
} from './selectors.ts';
import { SeekList } from './SeekList.tsx';
import { useLexicons } from '../../rpc/use-lexicons.ts';
import { useLobby } from '../../stores/use-lobby.ts';

type TabId = 'play' | 'watch' | 'correspondence';

/**
 * The lobby's centre card (docs/product/gameplay.md §2 "Lobby"): Play and Correspondence for
 * players, Watch for everyone, and the footer with the three forms.
 */
export function GameLists({ openForm }: { openForm: OpenForm }) {
  const session = useSession();
  const lobby = useLobby();
  const me = session.userId;
  const [chosen, setChosen] = useState<TabId>('play');
  const tab: TabId = session.loggedIn ? chosen : 'watch';
  const badge = correspondenceBadge(lobby, me);
  const tabs: TabSpec<TabId>[] = session.loggedIn
    ? [
        { id: 'play', label: 'Play' },
        { id: 'watch', label: 'Watch' },
        {
          id: 'correspondence',
          label: 'Correspondence',
          badge: badge || undefined,
          badgeLabel: 'waiting for you',
        },
      ]
    : [{ id: 'watch', label: 'Watch' }];

  return (
    <section className="card lobby-games" aria-label="Games">
      <Tabs
        label="Game lists"
        tabs={tabs}
        selected={tab}
        onSelect={setChosen}
        className="lobby-tabs"
      >
        {tab === 'play' && <PlayTab me={me} />}
        {tab === 'watch' && <ActiveGames games={lobby.activeGames} />}
        {tab === 'correspondence' && <CorrespondenceTab me={me} />}
      </Tabs>
      <LobbyActions openForm={openForm} />
    </section>
  );
}

function PlayTab({ me }: { me: string }) {
  const lobby = useLobby();
  const { lobbyFilterByLexicon: filter } = usePreferences();
  const seeks = [...outgoingMatches(lobby, me, false), ...openSeeks(lobby, false, filter)];
  const known = useLexicons().lexicons.map((l) => l.name);
  const lexicons = inServerOrder(
    [...new Set(openSeeks(lobby, false).map((s) => s.lexicon))],
    known,
  );
  if (filter && !lexicons.includes(filter)) lexicons.push(filter);
  return (
    <>
      <MatchRequests requests={incomingMatches(lobby, me, false)} />
      <div className="list-header">
        <h3 className="list-heading">Available games</h3>
        {lexicons.length > 0 && (
          <label className="list-filter">
            <span>Dictionary</span>
            <select
              value={filter}
              onChange={(e) => setPreferences({ lobbyFilterByLexicon: e.target.value })}
            >
              <option value="">All</option>
              {lexicons.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <SeekList
        seeks={seeks}
        me={me}
        label="Available games"
        empty={
          !lobby.loaded
            ? 'Loading games…'
            : filter
              ? `Nobody is looking for a ${filter} game right now.`
              : 'Nobody is looking for a game right now. Create one and others will see it here.'
        }
      />
    </>
  );
}

function CorrespondenceTab({ me }: { me: string }) {
  const lobby = useLobby();
  const now = useNow(30_000);
  const games = sortCorrespondence(myGames(lobby.correspondenceGames, me), me, now);
  const seeks = [...outgoingMatches(lobby, me, true), ...openSeeks(lobby, true)];
  return (
    <>
      <CorrespondenceCount />
      <MatchRequests requests={incomingMatches(lobby, me, true)} />
      <h3 className="list-heading">Your games</h3>
      <CorrespondenceGames games={games} me={me} now={now} />
      <h3 className="list-heading">Open correspondence games</h3>
      <SeekList
        seeks={seeks}
        me={me}
        label="Open correspondence games"
        empty="No open correspondence games. Create one with Correspondence as the game mode."
      />
    </>
  );
}

/**
 * The lexicons of the open seeks in the server's order (the default first,
 * as in the seek forms), any the server does not list after them A-Z.
 */
export function inServerOrder(names: string[], known: readonly string[]): string[] {
  const rank = (n: string) => {
    const i = known.indexOf(n);
    return i < 0 ? known.length : i;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
