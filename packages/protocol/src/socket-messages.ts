import {
  create,
  fromBinary,
  toBinary,
  type DescMessage,
  type MessageShape,
} from '@bufbuild/protobuf';
import {
  ChatMessageDeletedSchema,
  ChatMessageSchema,
  ErrorMessageSchema,
  JoinPathSchema,
  LagMeasurementSchema,
  MessageType,
  PresenceEntrySchema,
  PresenceListSchema,
  ServerMessageSchema,
  SessionInfoSchema,
  UnjoinRealmSchema,
} from './gen/tessera/v1/socket_pb.ts';
import { encodeFrame } from './frames.ts';
import {
  ClientGameplayEventSchema,
  GameDeletionSchema,
  GameEndedEventSchema,
  GameHistoryRefresherSchema,
  GameMetaEventSchema,
  ReadyForGameSchema,
  ServerChallengeResultEventSchema,
  ServerGameplayEventSchema,
  TimedOutSchema,
} from './gen/tessera/v1/gameplay_pb.ts';
import {
  ActiveGamesSchema,
  CorrespondenceGamesSchema,
  DeclineSeekRequestSchema,
  NewGameEventSchema,
  ProfileUpdateSchema,
  RematchStartedSchema,
  SeekDeclinedSchema,
  SeekRequestSchema,
  SeekRequestsSchema,
  SoughtGameProcessEventSchema,
  SoughtGameRemovedSchema,
} from './gen/tessera/v1/lobby_pb.ts';
import {
  DivisionControlsMessageSchema,
  DivisionDeletedMessageSchema,
  DivisionPairingsDeletedMessageSchema,
  DivisionPairingsMessageSchema,
  DivisionPlayersMessageSchema,
  DivisionRoundControlsMessageSchema,
  PlayerCheckinMessageSchema,
  ReadyForTournamentGameSchema,
  TournamentDivisionMessageSchema,
  TournamentFinishedMessageSchema,
  TournamentGameEndedEventSchema,
  TournamentMetadataMessageSchema,
  TournamentReadyStateSchema,
  TournamentRoundStartedSchema,
} from './gen/tessera/v1/tournament_pb.ts';
import { GameCommentsChangedSchema } from './gen/tessera/v1/game_comments_pb.ts';
import {
  MonitoringPublishSchema,
  MonitoringSignalSchema,
  MonitoringStatusSchema,
} from './gen/tessera/v1/monitoring_pb.ts';

/**
 * Which protobuf message each socket message type carries. Modules that add
 * socket messages register their pairs here through `registerSocketMessage`,
 * so neither side needs a switch over every type.
 */
const schemas = new Map<number, DescMessage>([
  [MessageType.SESSION_INFO, SessionInfoSchema],
  [MessageType.LAG_MEASUREMENT, LagMeasurementSchema],
  [MessageType.GAME_COMMENTS_CHANGED, GameCommentsChangedSchema],
  [MessageType.ERROR_MESSAGE, ErrorMessageSchema],
  [MessageType.SERVER_MESSAGE, ServerMessageSchema],
  [MessageType.JOIN_PATH, JoinPathSchema],
  [MessageType.UNJOIN_REALM, UnjoinRealmSchema],
  [MessageType.CHAT_MESSAGE, ChatMessageSchema],
  [MessageType.CHAT_MESSAGE_DELETED, ChatMessageDeletedSchema],
  [MessageType.PRESENCE_ENTRY, PresenceEntrySchema],
  [MessageType.PRESENCE_LIST, PresenceListSchema],
  [MessageType.SEEK_REQUEST, SeekRequestSchema],
  [MessageType.MATCH_REQUEST, SeekRequestSchema],
  [MessageType.SEEK_REQUESTS, SeekRequestsSchema],
  [MessageType.SOUGHT_GAME_PROCESS_EVENT, SoughtGameProcessEventSchema],
  [MessageType.DECLINE_SEEK_REQUEST, DeclineSeekRequestSchema],
  [MessageType.SOUGHT_GAME_REMOVED, SoughtGameRemovedSchema],
  [MessageType.SEEK_DECLINED, SeekDeclinedSchema],
  [MessageType.NEW_GAME_EVENT, NewGameEventSchema],
  [MessageType.ACTIVE_GAMES, ActiveGamesSchema],
  [MessageType.CORRESPONDENCE_GAMES, CorrespondenceGamesSchema],
  [MessageType.REMATCH_STARTED, RematchStartedSchema],
  [MessageType.PROFILE_UPDATE, ProfileUpdateSchema],
  [MessageType.CLIENT_GAMEPLAY_EVENT, ClientGameplayEventSchema],
  [MessageType.SERVER_GAMEPLAY_EVENT, ServerGameplayEventSchema],
  [MessageType.SERVER_CHALLENGE_RESULT_EVENT, ServerChallengeResultEventSchema],
  [MessageType.GAME_HISTORY_REFRESHER, GameHistoryRefresherSchema],
  [MessageType.GAME_ENDED_EVENT, GameEndedEventSchema],
  [MessageType.GAME_META_EVENT, GameMetaEventSchema],
  [MessageType.TIMED_OUT, TimedOutSchema],
  [MessageType.READY_FOR_GAME, ReadyForGameSchema],
  [MessageType.GAME_DELETION, GameDeletionSchema],
  [MessageType.READY_FOR_TOURNAMENT_GAME, ReadyForTournamentGameSchema],
  [MessageType.TOURNAMENT_ROUND_STARTED, TournamentRoundStartedSchema],
  [MessageType.TOURNAMENT_READY_STATE, TournamentReadyStateSchema],
  [MessageType.TOURNAMENT_GAME_ENDED, TournamentGameEndedEventSchema],
  [MessageType.TOURNAMENT_DIVISION_CONTROLS, DivisionControlsMessageSchema],
  [MessageType.TOURNAMENT_ROUND_CONTROLS, DivisionRoundControlsMessageSchema],
  [MessageType.TOURNAMENT_DIVISION_PAIRINGS, DivisionPairingsMessageSchema],
  [MessageType.TOURNAMENT_DIVISION_PAIRINGS_DELETED, DivisionPairingsDeletedMessageSchema],
  [MessageType.TOURNAMENT_DIVISION_PLAYERS, DivisionPlayersMessageSchema],
  [MessageType.TOURNAMENT_DIVISION_DELETED, DivisionDeletedMessageSchema],
  [MessageType.TOURNAMENT_FINISHED, TournamentFinishedMessageSchema],
  [MessageType.TOURNAMENT_PLAYER_CHECKIN, PlayerCheckinMessageSchema],
  [MessageType.TOURNAMENT_METADATA, TournamentMetadataMessageSchema],
  [MessageType.TOURNAMENT_DIVISION, TournamentDivisionMessageSchema],
  [MessageType.MONITORING_SIGNAL, MonitoringSignalSchema],
  [MessageType.MONITORING_PUBLISH, MonitoringPublishSchema],
  [MessageType.MONITORING_UPDATE, MonitoringStatusSchema],
]);

export function registerSocketMessage(type: MessageType, schema: DescMessage): void {
  schemas.set(type, schema);
}

export function socketSchema(type: number): DescMessage | undefined {
  return schemas.get(type);
}

export function encodeSocketMessage<D extends DescMessage>(
  type: MessageType,
  schema: D,
  value: MessageShape<D> | Parameters<typeof create<D>>[1],
): Uint8Array {
  const message = create(schema, value as never) as MessageShape<D>;
  return encodeFrame(type, toBinary(schema, message));
}

export type DecodedSocketMessage =
  | { ok: true; type: MessageType; schema: DescMessage; message: MessageShape<DescMessage> }
  | { ok: false; type: number; reason: 'unknown-type' | 'malformed' };

export function decodeSocketMessage(type: number, payload: Uint8Array): DecodedSocketMessage {
  const schema = schemas.get(type);
  if (!schema) return { ok: false, type, reason: 'unknown-type' };
  try {
    return { ok: true, type, schema, message: fromBinary(schema, payload) };
  } catch {
    return { ok: false, type, reason: 'malformed' };
  }
}
