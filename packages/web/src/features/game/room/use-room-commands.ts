import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Preferences } from '../../../preferences/preferences.ts';
import { errorText } from '../../../rpc/errors.ts';
import type { NotificationStore } from '../../../ui/notifications.ts';
import type { PlayControls } from '../../../board/play/use-play.ts';
import { NOT_YOUR_TURN_MS, NOT_YOUR_TURN_TEXT } from '../../../board/play/use-play.ts';
import type { GameActions } from '../state/game-actions.ts';
import type { GameView } from '../../../board/state/game-store.ts';
import { turnsTaken } from '../../../board/state/turns.ts';
import { examineExports } from './examine-exports.ts';
import { useRematchOffered } from './rematch-window.ts';

export type Dialog = 'pass' | 'challenge' | 'resign' | 'exchange' | null;

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

  const exportItems = examineExports({
    view,
    prefs,
    notifications,
    squares: o.squares,
    examinedCount: o.examinedCount,
  });

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
