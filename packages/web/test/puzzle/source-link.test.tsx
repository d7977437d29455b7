import { create } from '@bufbuild/protobuf';
import { render, screen } from '@testing-library/react';
import { GetPuzzleResponseSchema, PuzzleStatus } from '@tessera/protocol';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PuzzleResult, SOURCE_GAME_LABEL } from '../../src/features/puzzle/PuzzleResult.tsx';

/** The puzzle's state card with the answer as the server sends it (decision 0119). */
function card(answer: { status: PuzzleStatus; gameId: string; turnNumber: number }) {
  const data = create(GetPuzzleResponseSchema, { puzzleId: 'p1', answer });
  const nothing = () => undefined;
  return render(
    <MemoryRouter>
      <PuzzleResult
        data={data}
        busy={false}
        onGiveUp={nothing}
        onVote={nothing}
        onNext={nothing}
        onPrevious={nothing}
      />
    </MemoryRouter>,
  );
}

describe('the puzzle’s source link', () => {
  it('is not there while the puzzle is open (the server names no game then)', () => {
    card({ status: PuzzleStatus.UNANSWERED, gameId: '', turnNumber: 0 });
    expect(screen.queryByText(SOURCE_GAME_LABEL)).toBeNull();
  });

  it('leads to the game at the puzzle’s turn once answered', () => {
    card({ status: PuzzleStatus.INCORRECT, gameId: 'g-42', turnNumber: 7 });
    expect(screen.getByText(SOURCE_GAME_LABEL).closest('a')!.getAttribute('href')).toBe(
      '/game/g-42?turn=7',
    );
  });
});
