import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  ChatMessage_EntityType,
  ChatMessageSchema,
  ERRORS,
  ErrorMessageSchema,
  GameEndedEventSchema,
  GameHistoryRefresherSchema,
  GameMetaEvent_Type as Meta,
  GameMetaEventSchema,
  MessageType,
  GameEvent_Type,
  RematchStartedSchema,
  ServerChallengeResultEventSchema,
  ServerGameplayEventSchema,
  type GameMetaEvent,
  type ServerGameplayEvent,
} from '@tessera/protocol';
import { useServices } from '../../../app/services.tsx';
import type { SoundPlayer } from '../../../sound/sound-player.ts';
import type { NotificationStore } from '../../../ui/notifications.ts';
import type { GameActions } from './game-actions.ts';
import type { GameStore } from '../../../board/state/game-store.ts';
import { RoomNotices } from '../../../stores/room-notices.ts';

/** Info texts of docs/product/gameplay.md §8 for the answers to cancel requests and nudges. */
export const META_TEXTS = {
  declinedByOpponent: 'Your opponent declined your request to cancel the game.',
  withdrawn: 'The cancel request was withdrawn.',
  declinedByMe: "You declined your opponent's cancel request.",
  expired: 'The cancel request expired.',
  accepted: 'The cancel request was accepted.',
  adjudicated: 'The game was adjudicated.',
  continues: 'The game will continue.',
} as const;

/** How long the server's chat lines stay up as toasts ("X passed" ...), docs/product/gameplay.md §8. */
export const SERVER_LINE_MS = 3_000;
/** The page's model could not follow the server (docs/product/gameplay.md §8); shown 10 s. */
export const PUSH_TURNS_ERROR =
  'Error pushing turns. The app may have updated. Please refresh the app.';
export const GAME_CONTEXT_ERROR =
  'Error setting game context. The app may have updated. Please refresh the app.';
export const MODEL_ERROR_MS = 10_000;

function metaOutcome(m: GameMetaEvent, store: GameStore, notifications: NotificationStore) {
  const open = store.getSnapshot().meta;
  const me = store.getSnapshot().players[store.getSnapshot().viewerIndex]?.userId ?? '';
  const byMe = m.playerId !== '' && m.playerId === me;
  const say = (text: string) => notifications.show('info', text);
  switch (m.type) {
    case Meta.REQUEST_ABORT:
    case Meta.REQUEST_ADJUDICATION:
      store.meta(m);
      return;
    case Meta.ABORT_DENIED:
      if (open?.fromViewer) say(byMe ? META_TEXTS.withdrawn : META_TEXTS.declinedByOpponent);
      else say(byMe ? META_TEXTS.declinedByMe : META_TEXTS.withdrawn);
      break;
    case Meta.ABORT_ACCEPTED:
      say(META_TEXTS.accepted);
      break;
    case Meta.ADJUDICATION_DENIED:
      say(META_TEXTS.continues);
      break;
    case Meta.ADJUDICATION_ACCEPTED:
      say(META_TEXTS.adjudicated);
      break;
    case Meta.TIMER_EXPIRED:
      say(open?.kind === 'adjudication' ? META_TEXTS.adjudicated : META_TEXTS.expired);
      break;
    // The rest say nothing here and leave the open request as it is.
    case Meta.ADD_TIME:
    case Meta.REQUEST_UNDO:
    case Meta.UNDO_ACCEPTED:
    case Meta.UNDO_DENIED:
    case Meta.REQUEST_ADJOURN:
    case Meta.UNSPECIFIED:
    default:
      return;
  }
  store.clearMeta();
}

/** Challenge outcomes have their own sound (the challenge result message). */
const CHALLENGE_EVENTS: readonly GameEvent_Type[] = [
  GameEvent_Type.PHONY_TILES_RETURNED,
  GameEvent_Type.CHALLENGE,
  GameEvent_Type.CHALLENGE_BONUS,
  GameEvent_Type.UNSUCCESSFUL_CHALLENGE_TURN_LOSS,
];

/** A move's sound: one's own, or anyone else's (the opponent's, or a player's for observers). */
function moveSound(m: ServerGameplayEvent, viewerIndex: number, sounds: SoundPlayer): void {
  const first = m.events[0];
  if (!first || CHALLENGE_EVENTS.includes(first.type)) return;
  sounds.play(first.playerIndex === viewerIndex ? 'makeMove' : 'opponentMove');
}

/**
 * Feeds the game store from the socket while the room is open: the
 * refresher, gameplay events, the end, meta events, the server's lines in
 * the game chat, and a rematch starting. Asks for the state on arrival and
 * again whenever an update does not follow on from what the page has.
 */
export function useGameConnection(store: GameStore, actions: GameActions): void {
  const { socket, notifications, sounds } = useServices();
  const navigate = useNavigate();
  const gameId = store.gameId;

  useEffect(() => {
    const mine = (id: string) => id === gameId;
    const notices = new RoomNotices();
    const offs = [
      socket.on(MessageType.GAME_HISTORY_REFRESHER, GameHistoryRefresherSchema, (m) => {
        if (!m.history || !mine(m.history.gameId)) return;
        const ratingChanges = m.ratingChanges.map((c) => ({
          userId: c.userId,
          before: c.before,
          after: c.after,
        }));
        const problem = store.load(
          m.history,
          ratingChanges.length > 0 ? { ratingChanges } : undefined,
        );
        if (problem)
          notifications.show('error', `${GAME_CONTEXT_ERROR} (${problem})`, {
            ms: MODEL_ERROR_MS,
          });
        store.clearMeta();
        if (m.outstandingEvent) store.meta(m.outstandingEvent);
      }),
      socket.on(MessageType.SERVER_GAMEPLAY_EVENT, ServerGameplayEventSchema, (m) => {
        if (!mine(m.gameId)) return;
        moveSound(m, store.getSnapshot().viewerIndex, sounds);
        const result = store.update(m);
        if (result === 'failed')
          notifications.show('error', PUSH_TURNS_ERROR, { ms: MODEL_ERROR_MS });
        if (result !== 'applied') actions.ready();
      }),
      socket.on(
        MessageType.SERVER_CHALLENGE_RESULT_EVENT,
        ServerChallengeResultEventSchema,
        (m) => {
          if (mine(m.gameId)) sounds.play(m.valid ? 'correct' : 'wrong');
        },
      ),
      socket.on(MessageType.GAME_ENDED_EVENT, GameEndedEventSchema, (m) => {
        if (!mine(m.gameId)) return;
        if (store.getSnapshot().playState !== 'GAME_OVER') sounds.play('endGame');
        store.end(m);
      }),
      socket.on(MessageType.GAME_META_EVENT, GameMetaEventSchema, (m) => {
        if (!mine(m.gameId)) return;
        const me = store.getSnapshot().players[store.getSnapshot().viewerIndex]?.userId;
        const request = m.type === Meta.REQUEST_ABORT || m.type === Meta.REQUEST_ADJUDICATION;
        if (request && me && m.playerId !== me) sounds.play('abortNudge');
        metaOutcome(m, store, notifications);
      }),
      socket.on(MessageType.CHAT_MESSAGE, ChatMessageSchema, (m) => {
        // The game's lines ("X passed", challenge results, the opponent leaving or
        // returning) also show as toasts; not one's own comings and goings.
        const me = store.getSnapshot().players[store.getSnapshot().viewerIndex]?.userId ?? '';
        if (
          m.channel === `chat.game.${gameId}` &&
          m.entityType === ChatMessage_EntityType.SERVER_MESSAGE &&
          notices.shows(m.channel, m.senderId, m.message, me)
        ) {
          notifications.show('info', m.message, { ms: SERVER_LINE_MS });
        }
      }),
      socket.on(MessageType.REMATCH_STARTED, RematchStartedSchema, (m) => {
        // Players go straight to the new game; observers get a link (GameRoom shows it).
        if (store.getSnapshot().viewerIndex >= 0) navigate(`/game/${m.rematchGameId}`);
        else store.rematchStarted(m.rematchGameId);
      }),
      socket.on(MessageType.ERROR_MESSAGE, ErrorMessageSchema, (m) => {
        if (m.message.split(';')[0] === String(ERRORS.GAME_NOT_FOUND.code)) store.notFound();
      }),
    ];
    // The shell joined this page already (and joins again after every reconnect, which
    // brings a refresher); the room may have missed the first answer while it loaded.
    actions.ready();
    return () => offs.forEach((off) => off());
  }, [socket, notifications, sounds, store, actions, gameId, navigate]);
}
