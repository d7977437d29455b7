import { useState } from 'react';
import type { Division } from './model.ts';
import { initialRound } from './pairings.ts';
import { RoundNav } from './RoundNav.tsx';
import { StandingsTable } from './StandingsTable.tsx';
import { useRoundsShown } from './use-rounds-shown.ts';

/** Standings after a chosen round (the latest by default). */
export function StandingsTab({
  tournamentId,
  division,
}: {
  tournamentId: string;
  division: Division;
}) {
  const [chosen, setRound] = useState<number | null>(null);
  const round = chosen ?? initialRound(division);
  useRoundsShown(tournamentId, division, [round]);
  return (
    <div className="standings-tab">
      {division.numRounds > 1 && (
        <RoundNav round={round} numRounds={division.numRounds} onChange={setRound} />
      )}
      <StandingsTable division={division} round={round} />
    </div>
  );
}
