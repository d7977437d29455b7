import { Menu, type MenuItem } from '../../../ui/Menu.tsx';

export interface ControlHandlers {
  pass: () => void;
  challenge: () => void;
  exchange: () => void;
  play: () => void;
  resign: () => void;
  cancelGame: () => void;
  nudge: () => void;
  wakeBot: () => void;
  analyze: () => void;
  exit: () => void;
  rematch: () => void;
}

/**
 * The buttons under the board (docs/product/gameplay.md §2): while playing, the
 * options menu, Pass (2), Challenge (3; not under the void rule),
 * Exchange (4) and Play; for observers Analyze and Exit; after the game
 * Export, Analyze, Exit and Rematch (gone after one click, and once the
 * rematch window of a real-time game against a person has closed).
 */
export function GameControls({
  mode,
  showChallenge,
  canCancel,
  canNudge,
  canWakeBot = false,
  rematchSent,
  rematchOffered = true,
  exportItems,
  on,
}: {
  mode: 'player' | 'observer' | 'over-player' | 'over-observer';
  showChallenge: boolean;
  canCancel: boolean;
  canNudge: boolean;
  /** A bot game with the bot on turn: the menu offers to ask it again. */
  canWakeBot?: boolean;
  rematchSent: boolean;
  /** False once the Rematch window has closed (room/rematch-window.ts). */
  rematchOffered?: boolean;
  exportItems: MenuItem[];
  on: ControlHandlers;
}) {
  if (mode === 'player') {
    const options: MenuItem[] = [
      { kind: 'action', label: 'Resign', onSelect: on.resign },
      ...(canCancel
        ? [{ kind: 'action' as const, label: 'Cancel Game', onSelect: on.cancelGame }]
        : []),
      ...(canNudge ? [{ kind: 'action' as const, label: 'Nudge', onSelect: on.nudge }] : []),
      ...(canWakeBot
        ? [{ kind: 'action' as const, label: 'Wake the bot', onSelect: on.wakeBot }]
        : []),
      ...exportItems,
    ];
    return (
      <div className="game-controls" role="toolbar" aria-label="Game controls">
        <Menu buttonContent="Options" label="Options" items={options} />
        <button type="button" className="button-secondary" onClick={on.pass} title="Pass (2)">
          Pass
        </button>
        {showChallenge && (
          <button
            type="button"
            className="button-secondary"
            onClick={on.challenge}
            title="Challenge (3)"
          >
            Challenge
          </button>
        )}
        <button
          type="button"
          className="button-secondary"
          onClick={on.exchange}
          title="Exchange (4)"
        >
          Exchange
        </button>
        <button
          type="button"
          className="button-primary button-play"
          onClick={on.play}
          title="Play (Enter)"
        >
          Play
        </button>
      </div>
    );
  }
  const over = mode === 'over-player' || mode === 'over-observer';
  return (
    <div className="game-controls" role="toolbar" aria-label="Game controls">
      {over && <Menu buttonContent="Export" label="Export" items={exportItems} />}
      <button type="button" className="button-secondary" onClick={on.analyze}>
        Analyze
      </button>
      <button type="button" className="button-secondary" onClick={on.exit}>
        Exit
      </button>
      {mode === 'over-player' && !rematchSent && rematchOffered && (
        <button type="button" className="button-primary" onClick={on.rematch}>
          Rematch
        </button>
      )}
    </div>
  );
}
