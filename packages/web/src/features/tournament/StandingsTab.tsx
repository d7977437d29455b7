import { useState } from 'react';
import type { Division } from './model.ts';
import { initialRound } from './pairings.ts';
import { RoundNav } from './RoundNav.tsx';
import { StandingsTable } from './StandingsTable.tsx';

/** Standings after a chosen round (the latest by default). */
export function StandingsTab({ division }: { division: Division }) {
  const [chosen, setRound] = useState<number | null>(null);
  const round = chosen ?? initialRound(division);
  return (
    <div className="standings-tab">
      {division.numRounds > 1 && (
        <RoundNav round={round} numRounds={division.numRounds} onChange={setRound} />
      )}
      <StandingsTable division={division} round={round} />
    </div>
  );
}
