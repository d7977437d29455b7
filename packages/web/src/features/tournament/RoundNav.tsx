/**
 * Round navigation (docs/product/tournaments.md §2 "Games tab, paired mode"):
 * previous and next buttons labelled with the round they go to, each only
 * where there is such a round (an empty place keeps the title centred).
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
      {round > 0 ? (
        <button type="button" className="button-secondary" onClick={() => onChange(round - 1)}>
          ‹ Round {round}
        </button>
      ) : (
        <span aria-hidden="true" />
      )}
      <h3 className="round-title">Round {round + 1}</h3>
      {round < numRounds - 1 ? (
        <button type="button" className="button-secondary" onClick={() => onChange(round + 1)}>
          Round {round + 2} ›
        </button>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
