import type { TournamentMetadata } from '@tessera/protocol';
import { useState } from 'react';
import { useSession } from '../../../app/services.tsx';
import { ActiveGames, MatchRequests, incomingMatches } from '../../lobby/index.ts';
import { useLobby } from '../../../stores/use-lobby.ts';
import type { TournamentMeta } from '../model.ts';
import { ClubMatchDialog } from './ClubMatchDialog.tsx';

/**
 * The Games tab of a free-form club (docs/product/tournaments.md §2 "Games
 * tab, free-form mode"): Start club game (Start tournament game elsewhere),
 * the match requests waiting for the user and the club's games in progress.
 */
export function ClubGames({ meta, raw }: { meta: TournamentMeta; raw: TournamentMetadata }) {
  const session = useSession();
  const lobby = useLobby();
  const [open, setOpen] = useState(false);
  const label = meta.type === 'club' ? 'Start club game' : 'Start tournament game';
  const games = lobby.activeGames.filter((g) => g.tournamentId === meta.id);
  return (
    <div className="club-games">
      {session.loggedIn && (
        <button type="button" className="button-primary" onClick={() => setOpen(true)}>
          {label}
        </button>
      )}
      <MatchRequests requests={incomingMatches(lobby, session.userId, false)} />
      <h3 className="list-heading">Games in progress</h3>
      <ActiveGames games={games} />
      {open && <ClubMatchDialog raw={raw} title={label} onClose={() => setOpen(false)} />}
    </div>
  );
}
