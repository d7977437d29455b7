/** The folded state as the protocol's messages (tournament.proto). */
import { create, fromJson, type JsonValue, type MessageInitShape } from '@bufbuild/protobuf';
import {
  CompetitorStatus as WireStatus,
  GameRequestSchema,
  PairingSchema,
  TournamentGameResult as WireResult,
  TournamentType as WireType,
  type DivisionControls as WireDivisionControls,
  type DivisionControlsSchema,
  type FullTournamentDivisionsSchema,
  type RoundControl as WireRoundControl,
  type RoundPairingsSchema,
  type RoundStandingsSchema,
  type TournamentDivisionSchema,
  type TournamentMetadataSchema,
} from '@tessera/protocol';
import {
  DEFAULT_DIVISION_CONTROLS,
  DEFAULT_ROUND_CONTROLS,
  computeStandings,
  type Outcome,
  type RoundControls,
} from '@tessera/pairing';
import {
  FIRST_TO_WIRE,
  METHOD_TO_WIRE,
  toPairingDivision,
  type CompetitorStatus,
  type DivState,
  type TournamentKind,
  type TSlot,
  type TState,
} from '@tessera/tournament';

/** The protocol has no late round (the server never measures it): open. */
export const STATUS_TO_WIRE: Record<CompetitorStatus, WireStatus> = {
  PRETOURNEY: WireStatus.PRETOURNEY,
  NOT_CHECKED_IN: WireStatus.NOT_CHECKED_IN,
  ROUND_BYE: WireStatus.ROUND_BYE,
  ROUND_FORFEIT_LOSS: WireStatus.ROUND_FORFEIT_LOSS,
  ROUND_FORFEIT_WIN: WireStatus.ROUND_FORFEIT_WIN,
  ROUND_OPEN: WireStatus.ROUND_OPEN,
  ROUND_OPPONENT_WAITING: WireStatus.ROUND_OPPONENT_WAITING,
  ROUND_READY: WireStatus.ROUND_READY,
  ROUND_GAME_ACTIVE: WireStatus.ROUND_GAME_ACTIVE,
  ROUND_GAME_FINISHED: WireStatus.ROUND_GAME_FINISHED,
  POSTTOURNEY: WireStatus.POSTTOURNEY,
  ROUND_LATE: WireStatus.ROUND_OPEN,
};
export const OUTCOME_TO_WIRE: Record<Outcome, WireResult> = {
  win: WireResult.WIN,
  loss: WireResult.LOSS,
  draw: WireResult.DRAW,
  bye: WireResult.BYE,
  forfeit_win: WireResult.FORFEIT_WIN,
  forfeit_loss: WireResult.FORFEIT_LOSS,
  void: WireResult.VOID,
};
export const OUTCOME_FROM_WIRE = new Map(
  Object.entries(OUTCOME_TO_WIRE).map(([k, v]) => [v, k as Outcome]),
);
export const TYPE_TO_WIRE: Record<TournamentKind, WireType> = {
  standard: WireType.STANDARD,
  club: WireType.CLUB,
  child: WireType.CHILD,
  legacy: WireType.LEGACY,
};
export const TYPE_FROM_WIRE = new Map(
  Object.entries(TYPE_TO_WIRE).map(([k, v]) => [v, k as TournamentKind]),
);

/** The outcome a slot shows: its explicit one, or the one its scores decide. */
export function slotOutcome(slot: TSlot | null | undefined): WireResult {
  if (!slot) return WireResult.NO_RESULT;
  if (slot.outcome) return OUTCOME_TO_WIRE[slot.outcome];
  if (slot.score === undefined || slot.opponentScore === undefined) return WireResult.NO_RESULT;
  return slot.score > slot.opponentScore
    ? WireResult.WIN
    : slot.score < slot.opponentScore
      ? WireResult.LOSS
      : WireResult.DRAW;
}

export function directorList(s: TState): string[] {
  const full = s.directors.filter((d) => !d.readOnly).map((d) => d.id);
  const ro = s.directors.filter((d) => d.readOnly).map((d) => `${d.id}:readonly`);
  return [...full, ...ro];
}

export function metadataView(s: TState): MessageInitShape<typeof TournamentMetadataSchema> {
  const m = s.meta;
  return {
    id: s.id,
    name: m.name,
    description: m.description,
    slug: m.slug,
    type: TYPE_TO_WIRE[m.type],
    disclaimer: m.disclaimer,
    tileStyle: m.tileStyle,
    boardStyle: m.boardStyle,
    defaultClubSettings: m.defaultClubSettings
      ? fromJson(GameRequestSchema, m.defaultClubSettings as JsonValue)
      : undefined,
    freeformClubSettingFields: m.freeformClubSettingFields,
    password: '',
    logo: m.logo,
    color: m.color,
    privateAnalysis: m.privateAnalysis,
    irlMode: m.irlMode,
    scheduledStartTime: m.scheduledStart ? { seconds: BigInt(m.scheduledStart) } : undefined,
    scheduledEndTime: m.scheduledEnd ? { seconds: BigInt(m.scheduledEnd) } : undefined,
    checkinsOpen: s.checkinsOpen,
    registrationOpen: s.registrationOpen,
    monitored: m.monitored,
    firstDirector: s.executiveDirector,
    registrantCount: s.divisions.reduce(
      (n, d) => n + d.players.filter((p) => !p.removed).length,
      0,
    ),
    clubSlug: m.club?.slug ?? '',
  };
}

export function roundControlView(rc: Partial<RoundControls>, round: number): WireRoundControl {
  const c = { ...DEFAULT_ROUND_CONTROLS, ...rc };
  return {
    $typeName: 'tessera.v1.RoundControl',
    pairingMethod: METHOD_TO_WIRE[c.pairingMethod],
    firstMethod: FIRST_TO_WIRE[c.firstMethod],
    gamesPerRound: c.gamesPerRound,
    round,
    factor: c.factor,
    initialFontes: c.initialFontes,
    maxRepeats: c.maxRepeats,
    allowOverMaxRepeats: c.allowOverMaxRepeats,
    repeatRelativeWeight: c.repeatRelativeWeight,
    winDifferenceRelativeWeight: c.winDifferenceRelativeWeight,
    spreadCapOverride: c.spreadCapOverride,
    gibsonSpreads: c.gibsonSpreads,
    hopefulnessThresholds: c.hopefulnessThresholds,
    controlLossThreshold: c.controlLossThreshold,
    divisionSims: c.divisionSims,
    controlLossSims: c.controlLossSims,
    controlLossActivationRound: c.controlLossActivationRound,
    placePrizes: c.placePrizes,
  };
}

export function divisionControlsView(
  s: TState,
  d: DivState,
): MessageInitShape<typeof DivisionControlsSchema> {
  const c = { ...DEFAULT_DIVISION_CONTROLS, ...d.controls };
  return {
    id: s.id,
    division: d.name,
    gameRequest: d.extras.gameRequest
      ? fromJson(GameRequestSchema, d.extras.gameRequest as JsonValue)
      : undefined,
    suspendedResult: OUTCOME_TO_WIRE[d.extras.suspendedResult],
    suspendedSpread: d.extras.suspendedSpread,
    autoStart: d.extras.autoStart,
    spreadCap: c.spreadCap,
    gibsonize: c.gibsonize,
    gibsonSpread: c.gibsonSpread,
    minimumPlacement: c.minimumPlacement,
    maximumByePlacement: c.maximumByePlacement,
  } satisfies Omit<WireDivisionControls, '$typeName'>;
}

/**
 * Each round's pairings (or only `rounds`'): one entry per pair (a
 * self-pairing lists the player twice).
 */
export function pairingsView(
  d: DivState,
  rounds?: readonly number[],
): Record<number, MessageInitShape<typeof RoundPairingsSchema>> {
  const out: Record<number, MessageInitShape<typeof RoundPairingsSchema>> = {};
  const met = new Map<string, number>();
  const last = rounds ? Math.max(-1, ...rounds) : d.rounds.length - 1;
  for (const [r, row] of d.rounds.entries()) {
    if (r > last) break;
    const wanted = !rounds || rounds.includes(r);
    const list: MessageInitShape<typeof RoundPairingsSchema>['roundPairings'] = [];
    for (const [p, slot] of row.entries()) {
      if (!slot || slot.opponent < p) continue;
      const q = slot.opponent;
      const other = row[q];
      const [a, b] = q !== p && other?.first === true ? [q, p] : [p, q];
      const key = `${Math.min(p, q)}-${Math.max(p, q)}`;
      const count = q === p ? 0 : (met.get(key) ?? 0) + 1;
      if (q !== p) met.set(key, count);
      if (!wanted) continue;
      const sa = row[a];
      const sb = row[b];
      list.push(
        create(PairingSchema, {
          players: [a, b],
          round: r,
          games: [
            {
              scores: a === b ? [sa?.score ?? 0, sa?.score ?? 0] : [sa?.score ?? 0, sb?.score ?? 0],
              results: [slotOutcome(sa), slotOutcome(sb)],
              gameEndReason: sa?.endReason ?? 0,
              id: sa?.gameId ?? '',
            },
          ],
          outcomes: [slotOutcome(sa), slotOutcome(sb)],
          readyStates: [sa?.ready ? 'ready' : '', sb?.ready ? 'ready' : ''],
          pairingCount: count,
          board: sa?.board ?? 0,
        }),
      );
    }
    if (wanted) out[r] = { roundPairings: list };
  }
  return out;
}

export function standingsView(
  d: DivState,
  rounds?: readonly number[],
): Record<number, MessageInitShape<typeof RoundStandingsSchema>> {
  const out: Record<number, MessageInitShape<typeof RoundStandingsSchema>> = {};
  if (d.rounds.length === 0 || d.roundControls.length === 0) return out;
  const pd = toPairingDivision(d);
  // Only the rounds asked for: each round's standings are a pass over the
  // rounds before it, so every round of a long event is quadratic in rounds
  // (a result's message wants one round; issue 36 item 12).
  for (let r = 0; r < pd.rounds.length; r++) {
    // Standings exist for the rounds open so far (the current one as its games finish).
    if (r > d.currentRound) break;
    if (rounds && !rounds.includes(r)) continue;
    out[r] = {
      standings: computeStandings(pd, r).map((st) => ({
        playerId: d.players[st.player].id,
        wins: Math.floor(st.wins - st.draws / 2),
        losses: Math.floor(st.losses - st.draws / 2),
        draws: st.draws,
        spread: st.spread,
        gibsonized: st.gibsonized,
      })),
    };
  }
  return out;
}

/** When the division's current round opened, as a wire timestamp (absent before round 1). */
export function roundStartedAtView(d: DivState) {
  if (d.currentRound < 0 || !d.roundStartedAt) return undefined;
  const ms = d.roundStartedAt;
  return { seconds: BigInt(Math.floor(ms / 1000)), nanos: (ms % 1000) * 1_000_000 };
}

/** Which rounds of a division's pairings and standings a view holds, and which slice of each. */
export interface RoundsPage {
  rounds: readonly number[];
  offset: number;
  limit: number;
}

export function divisionView(
  s: TState,
  d: DivState,
  page?: RoundsPage,
): MessageInitShape<typeof TournamentDivisionSchema> {
  const pairings = pairingsView(d, page?.rounds);
  const standings = standingsView(d, page?.rounds);
  if (page) {
    const end = page.offset + page.limit;
    for (const p of Object.values(pairings))
      p.roundPairings = p.roundPairings?.slice(page.offset, end);
    for (const st of Object.values(standings)) st.standings = st.standings?.slice(page.offset, end);
  }
  return {
    divisionId: d.name,
    players: d.players.map((p) => ({
      id: p.id,
      rating: p.rating,
      suspended: !!p.removed,
      checkedIn: !!p.checkedIn,
      name: p.name ?? '',
      className: p.className ?? '',
    })),
    currentRound: d.currentRound,
    roundStartedAt: roundStartedAtView(d),
    numRounds: d.roundControls.length,
    pairingMap: pairings,
    playerIndexMap: Object.fromEntries(d.players.map((p, i) => [p.id, i])),
    roundControls: d.roundControls.map((rc, i) => roundControlView(rc, i)),
    divisionControls: divisionControlsView(s, d),
    standingsMap: standings,
  };
}

export function fullView(s: TState): MessageInitShape<typeof FullTournamentDivisionsSchema> {
  return {
    divisions: Object.fromEntries(s.divisions.map((d) => [d.name, divisionView(s, d)])),
    started: s.started,
    finished: s.finished,
    executiveDirector: s.executiveDirector,
    directors: directorList(s),
    startTime: s.startTime ? { seconds: BigInt(s.startTime) } : undefined,
  };
}
