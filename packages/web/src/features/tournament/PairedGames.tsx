import { TournamentGameResult } from '@tessera/protocol';
import { useState } from 'react';
import { useServices } from '../../app/services.tsx';
import type { Division } from './model.ts';
import { SUCCESS } from './messages.ts';
import { initialRound, showsOpenRound } from './pairings.ts';
import { PairingsList, type QuickResult } from './PairingsList.tsx';
import type { Viewer } from './roles.ts';
import { RoundNav } from './RoundNav.tsx';
import { stateKey } from './queries.ts';
import { useAction } from './use-action.ts';
import { useRoundsShown } from './use-rounds-shown.ts';

/**
 * The Games tab of a paired event (docs/product/tournaments.md §2 "Games tab,
 * paired mode"): round navigation, Open Round N for directors, the round's
 * pairings and its unpaired players.
 */
export function PairedGames({
  tournamentId,
  division,
  viewer,
}: {
  tournamentId: string;
  division: Division;
  viewer: Viewer;
}) {
  const { api } = useServices();
  const { run, busy } = useAction([stateKey(tournamentId)]);
  const [chosen, setRound] = useState<number | null>(null);
  const round = chosen ?? initialRound(division);
  // The round's pairings, and the standings before it (each player's W–L).
  useRoundsShown(tournamentId, division, [round - 1, round]);
  if (division.numRounds <= 0)
    return <p className="muted">Rounds have not been set up for {division.id} yet.</p>;

  const openRound = () =>
    run(
      () => api.tournament.startRoundCountdown({ id: tournamentId, division: division.id, round }),
      null,
    );
  const quick = (personId: string, result: QuickResult) =>
    run(
      () =>
        api.tournament.setPairing({
          id: tournamentId,
          division: division.id,
          pairings: [
            {
              playerOneId: personId,
              playerTwoId: personId,
              round,
              selfPlayResult: TournamentGameResult[result],
            },
          ],
        }),
      SUCCESS.pairingSet,
    );

  return (
    <div className="paired-games">
      <RoundNav round={round} numRounds={division.numRounds} onChange={setRound} />
      {viewer.canDirect && showsOpenRound(division, round) && (
        <button type="button" className="button-primary" disabled={busy} onClick={openRound}>
          Open Round {round + 1}
        </button>
      )}
      <PairingsList
        division={division}
        round={round}
        director={viewer.seesTools}
        onQuickResult={viewer.canDirect ? quick : undefined}
      />
    </div>
  );
}
