/**
 * Round navigation (docs/product/tournaments.md §2 "Games tab, paired mode"):
 * previous and next buttons labelled with the round they go to.
 */
export function RoundNav({
  round,
  numRounds,
  onChange,
}: {
  round: number;
  numRounds: number;
  onChange: (round: number) => void;
}) {
  return (
    <nav className="round-nav" aria-label="Rounds">
      <button
        type="button"
        className="button-secondary"
        disabled={round <= 0}
        onClick={() => onChange(round - 1)}
      >
        ‹ Round {Math.max(1, round)}
      </button>
      <h3 className="round-title">Round {round + 1}</h3>
      <button
        type="button"
        className="button-secondary"
        disabled={round >= numRounds - 1}
        onClick={() => onChange(round + 1)}
      >
        Round {Math.min(numRounds, round + 2)} ›
      </button>
    </nav>
  );
}
