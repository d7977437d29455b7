import { create } from '@bufbuild/protobuf';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PuzzleAnswerSchema, PuzzleStatus } from '@tessera/protocol';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { HintsPanel } from '../../src/features/puzzle/HintsPanel.tsx';
import { wrongAnswerText } from '../../src/features/puzzle/TryAgainModal.tsx';

/** The panel as the page holds it: the revealed count is the user's. */
function Panel({ attempts, unlocked }: { attempts: number; unlocked: number }) {
  const [revealed, setRevealed] = useState(0);
  const answer = create(PuzzleAnswerSchema, {
    status: PuzzleStatus.UNANSWERED,
    attempts,
    hints:
      unlocked > 0
        ? {
            unlocked,
            score: 36,
            tileCount: unlocked >= 2 ? 4 : 0,
            isBingo: false,
            position: unlocked >= 3 ? 'column K' : '',
            row: -1,
            column: unlocked >= 3 ? 10 : -1,
          }
        : undefined,
  });
  return (
    <HintsPanel answer={answer} revealed={revealed} onReveal={() => setRevealed(revealed + 1)} />
  );
}

describe('the hints panel', () => {
  it('has no hint before the second attempt', () => {
    render(<Panel attempts={1} unlocked={0} />);
    expect(screen.getByText('Hints unlock after your second attempt.')).toBeDefined();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reveals the unlocked hints one at a time, in order', async () => {
    const user = userEvent.setup();
    render(<Panel attempts={4} unlocked={3} />);
    await user.click(screen.getByRole('button', { name: 'Show a hint (3 available)' }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'The play scores 36 points.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Show a hint (2 available)' }));
    await user.click(screen.getByRole('button', { name: 'Show a hint (1 available)' }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'The play scores 36 points.',
      'The play uses 4 tiles.',
      'The play is in column K.',
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers only what the server unlocked', async () => {
    render(<Panel attempts={2} unlocked={1} />);
    expect(screen.getByRole('button', { name: 'Show a hint (1 available)' })).toBeDefined();
  });
});

describe('the wrong-answer text', () => {
  it('counts the attempts', () => {
    expect(wrongAnswerText(2)).toBe(
      "Sorry, that's not the correct solution. You have made 2 attempts.",
    );
  });
});
