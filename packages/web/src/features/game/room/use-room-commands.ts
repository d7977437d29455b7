import { gcg } from '@tessera/engine';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Preferences } from '../../../preferences/preferences.ts';
import { errorText } from '../../../rpc/errors.ts';
import type { NotificationStore } from '../../../ui/notifications.ts';
import type { MenuItem } from '../../../ui/Menu.tsx';
import { positionAt } from '../analysis/examine.ts';
import { boardPng, type BoardPicture } from '../export/board-png.ts';
import { download, gcgFileName } from '../export/download.ts';
import type { PlayControls } from '../../../board/play/use-play.ts';
import { NOT_YOUR_TURN_MS, NOT_YOUR_TURN_TEXT } from '../../../board/play/use-play.ts';
import type { GameActions } from '../state/game-actions.ts';
import type { GameView } from '../../../board/state/game-store.ts';
import { replayView } from '../../../board/state/model.ts';
import { turnsTaken } from '../../../board/state/turns.ts';
import { useRematchOffered } from './rematch-window.ts';

export type Dialog = 'pass' | 'challenge' | 'resign' | 'exchange' | null;

export const GIF_FAILED = 'The animated GIF could not be made.';
export const WOKE_BOT_TEXT = 'The bot was asked to move.';
export const MAX_CANCEL_TURNS = 7;
/** Why Analyze waits, for spectators of a correspondence game (its tiles are hidden from them). */
export const ANALYZE_AFTER_END_TEXT =
  'Analysis opens when the game is over: spectators of a correspondence game do not see the tiles until then.';
/** Why Analyze waits, for watchers of a tournament game with private analysis (tournaments §6). */
export const PRIVATE_ANALYSIS_TEXT =
  'Analysis opens when the game is over: this tournament keeps analysis private until then.';

/**
 * The room's commands: which dialog is open, what the buttons and keys do,
 * and the exports. Rules the buttons follow (docs/product/gameplay.md §5 "Turn
 * rules"): acting off turn shows "It is not your turn."; an exchange needs
 * enough tiles in the bag; Cancel Game only in real-time games between
 * people in their first seven turns; Nudge only then, off turn and outside
 * tournaments; Wake the bot in a bot game while the bot is on turn.
 */
export function useRoomCommands(o: {
  view: GameView;
  play: PlayControls;
  actions: GameActions;
  notifications: NotificationStore;
  prefs: Preferences;
  /** The squares on screen (the examined position's while examining). */
  squares: Uint8Array;
  /** The examined position's event count (null when not examining). */
  examinedCount: number | null;
  openExamine: () => void;
  /** Asks the server to prompt a bot that has not moved (GameMetadataService.UnfreezeBot). */
  wakeBot: () => Promise<unknown>;
}) {
  const { view, play, actions, notifications, prefs } = o;
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [rematchSent, setRematchSent] = useState(false);
  const request = view.request;
  const person = !(request?.botGame ?? false) && !view.players.some((p) => p.isBot);
  const realTime = !(request?.correspondence ?? false);
  const canCancel = realTime && person && turnsTaken(view.events) <= MAX_CANCEL_TURNS;
  const canNudge = realTime && person && !request?.tournamentId && !play.myTurn;
  const canWakeBot = !person && play.live && !play.myTurn;
  const showChallenge = request?.challengeRule !== 'VOID';
  // A tournament pairs its own games: no rematch of one (issue 36).
  const rematchOffered =
    useRematchOffered(realTime, person, view.endedAt) && !request?.tournamentId;
  const minBag = 7;

  const onTurn = (then: () => void) => () => {
    if (!play.live) return;
    if (!play.myTurn) {
      notifications.show('warning', NOT_YOUR_TURN_TEXT, { ms: NOT_YOUR_TURN_MS });
      return;
    }
    then();
  };

  const exchange = onTurn(() => {
    if (view.playState === 'WAITING_FOR_FINAL_PASS') {
      notifications.show(
        'info',
        'Your opponent has played their final tiles. You must pass or challenge.',
      );
    } else if (view.bagCount < minBag) {
      notifications.show(
        'warning',
        `Exchanging needs at least ${minBag} tiles in the bag; it holds ${view.bagCount}.`,
      );
    } else {
      play.recall();
      setDialog('exchange');
    }
  });

  const names = view.players.map((p) => p.nickname);
  const picture = (squares: Uint8Array, scores: readonly number[]): BoardPicture => ({
    layout: view.layout,
    set: view.set,
    squares,
    caption: `${names[0]} ${scores[0]} – ${scores[1]} ${names[1]}`,
    boardStyleId: prefs.boardStyle,
    tileStyleId: prefs.tileStyle,
  });

  const exportPng = () => {
    const at = o.examinedCount === null ? null : positionAt(view, o.examinedCount);
    boardPng(picture(o.squares, at?.scores ?? view.scores)).then(
      (blob) => download(`tessera-${view.gameId}.png`, blob),
      () => notifications.show('error', 'The picture could not be made.'),
    );
  };

  /** Every position from the empty board to this one (the examined one, or the latest). */
  const exportGif = () => {
    const upto = o.examinedCount ?? view.events.length;
    const pictures: BoardPicture[] = [];
    for (let count = 0; count <= upto; count++) {
      const p = positionAt(view, count);
      if (p) pictures.push(picture(p.squares, p.scores));
    }
    import('../export/board-gif.ts')
      .then(({ boardGif }) => download(`tessera-${view.gameId}.gif`, boardGif(pictures)))
      .catch(() => notifications.show('error', GIF_FAILED));
  };

  const exportGcg = () => {
    if (!view.setup) return;
    const { g } = replayView(view.setup, view.events);
    download(
      gcgFileName(
        view.players.map((p) => p.nickname),
        view.gameId,
      ),
      gcg.writeGcg(g),
    );
  };

  const over = view.playState === 'GAME_OVER';
  const exportItems: MenuItem[] = [
    { kind: 'action', label: 'PNG', onSelect: exportPng },
    {
      kind: 'action',
      label: over ? 'Animated GIF' : 'Animated GIF to this position',
      onSelect: exportGif,
    },
    ...(over ? [{ kind: 'action' as const, label: 'GCG', onSelect: exportGcg }] : []),
  ];

  return {
    dialog,
    close: () => setDialog(null),
    rematchSent,
    rematchOffered,
    canCancel,
    canNudge,
    canWakeBot,
    showChallenge,
    exportItems,
    on: {
      pass: onTurn(() => setDialog('pass')),
      challenge: onTurn(() => setDialog('challenge')),
      exchange,
      play: play.submit,
      resign: () => setDialog('resign'),
      cancelGame: () => actions.requestCancel(),
      nudge: () => actions.nudge(),
      wakeBot: () => {
        o.wakeBot().then(
          () => notifications.show('info', WOKE_BOT_TEXT),
          (err: unknown) => notifications.show('warning', errorText(err)),
        );
      },
      analyze: view.tilesHidden
        ? () => notifications.show('info', ANALYZE_AFTER_END_TEXT)
        : view.analysisAfterEnd
          ? () => notifications.show('info', PRIVATE_ANALYSIS_TEXT)
          : o.openExamine,
      exit: () => navigate('/'),
      rematch: () => {
        if (actions.rematch()) setRematchSent(true);
      },
    },
  };
}
