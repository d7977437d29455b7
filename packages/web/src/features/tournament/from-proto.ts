import {
  GameEndReason,
  TournamentGameResult,
  TournamentType,
  type FullTournamentDivisions,
  type RoundPairings,
  type RoundStandings,
  type TournamentDivision,
  type TournamentMetadata,
  type TournamentPerson,
} from '@tessera/protocol';
import { millis } from '../../rpc/timestamp.ts';

import type {
  Division,
  EndReason,
  MatchResult,
  Pairing,
  Person,
  Standing,
  TournamentMeta,
  TournamentType as Kind,
} from './model.ts';

// The Timestamp conversions live in rpc/timestamp.ts (the events list uses them too).
export { millis, timestamp } from '../../rpc/timestamp.ts';

/**
 * The server's tournament messages (tournament.proto) as the page's plain
 * model (model.ts): enums become names, player indices become player ids,
 * round maps become arrays.
 */

export const resultName = (r: TournamentGameResult | undefined): MatchResult =>
  (TournamentGameResult[r ?? 0] as MatchResult | undefined) ?? 'NO_RESULT';

export const endReasonName = (r: GameEndReason | undefined): EndReason =>
  (GameEndReason[r ?? 0] as EndReason | undefined) ?? 'NONE';

export function kindOf(t: TournamentType): Kind {
  switch (t) {
    case TournamentType.CLUB:
      return 'club';
    case TournamentType.CHILD:
      return 'child';
    case TournamentType.LEGACY:
      return 'legacy';
    // Also a number the schema does not know.
    case TournamentType.STANDARD:
    default:
      return 'standard';
  }
}

export function typeOf(k: Kind): TournamentType {
  return {
    standard: TournamentType.STANDARD,
    club: TournamentType.CLUB,
    child: TournamentType.CHILD,
    legacy: TournamentType.LEGACY,
  }[k];
}

export function metaFrom(m: TournamentMetadata): TournamentMeta {
  return {
    id: m.id,
    name: m.name,
    slug: m.slug,
    type: kindOf(m.type),
    description: m.description,
    disclaimer: m.disclaimer,
    logo: m.logo,
    color: m.color,
    irlMode: m.irlMode,
    privateAnalysis: m.privateAnalysis,
    checkinsOpen: m.checkinsOpen,
    registrationOpen: m.registrationOpen,
    monitored: m.monitored,
    scheduledStart: millis(m.scheduledStartTime),
    scheduledEnd: millis(m.scheduledEndTime),
    clubSlug: m.clubSlug,
  };
}

export const personFrom = (p: TournamentPerson): Person => ({
  id: p.id,
  rating: p.rating,
  suspended: p.suspended,
  checkedIn: p.checkedIn,
  name: p.name,
  className: p.className,
});

export function pairingFrom(
  p: RoundPairings['roundPairings'][number],
  players: readonly Person[],
): Pairing {
  const id = (i: number | undefined) => players[i ?? -1]?.id ?? '';
  const a = id(p.players[0]);
  const b = p.players.length > 1 ? id(p.players[1]) : a;
  return {
    players: [a, b],
    round: p.round,
    games: p.games.map((g) => ({
      scores: [g.scores[0] ?? 0, g.scores[1] ?? 0],
      results: [resultName(g.results[0]), resultName(g.results[1])],
      endReason: endReasonName(g.gameEndReason),
      id: g.id,
    })),
    outcomes: [resultName(p.outcomes[0]), resultName(p.outcomes[1])],
    readyStates: [p.readyStates[0] ?? '', p.readyStates[1] ?? ''],
    board: p.board,
    ...(p.pairingCount ? { count: p.pairingCount } : {}),
  };
}

/** Writes the rounds of a proto round map into `into` (a round present in the map replaces ours). */
export function mergePairings(
  into: readonly Pairing[][],
  map: { [round: number]: RoundPairings },
  players: readonly Person[],
): Pairing[][] {
  const out = [...into];
  for (const [k, v] of Object.entries(map)) {
    const r = Number(k);
    while (out.length <= r) out.push([]);
    out[r] = v.roundPairings.map((p) => pairingFrom(p, players));
  }
  for (let i = 0; i < out.length; i++) out[i] ??= [];
  return out;
}

export function mergeStandings(
  into: readonly Standing[][],
  map: { [round: number]: RoundStandings },
): Standing[][] {
  const out = [...into];
  for (const [k, v] of Object.entries(map)) {
    const r = Number(k);
    while (out.length <= r) out.push([]);
    out[r] = v.standings.map((s) => ({
      playerId: s.playerId,
      wins: s.wins,
      losses: s.losses,
      draws: s.draws,
      spread: s.spread,
      gibsonized: s.gibsonized,
    }));
  }
  for (let i = 0; i < out.length; i++) out[i] ??= [];
  return out;
}

/** A division of GetTournament's answer; `paged`: it holds only some rounds (loadedRounds). */
export function divisionFrom(d: TournamentDivision, paged = false): Division {
  const players = d.players.map(personFrom);
  const loaded = new Set(
    [...Object.keys(d.pairingMap), ...Object.keys(d.standingsMap)].map(Number),
  );
  return {
    ...(paged ? { loadedRounds: [...loaded].sort((a, b) => a - b) } : {}),
    id: d.divisionId,
    players,
    currentRound: d.currentRound,
    roundStartedAt: millis(d.roundStartedAt) || undefined,
    numRounds: d.numRounds,
    pairings: mergePairings([], d.pairingMap, players),
    standings: mergeStandings([], d.standingsMap),
    controls: d.divisionControls,
    roundControls: d.roundControls,
  };
}

/** The whole tournament as the page keeps it. */
export interface TournamentState {
  divisions: Division[];
  started: boolean;
  finished: boolean;
  executive: string;
}

export function stateFrom(t: FullTournamentDivisions, paged = false): TournamentState {
  const divisions = Object.values(t.divisions)
    .map((d) => divisionFrom(d, paged))
    .sort((a, b) => a.id.localeCompare(b.id));
  return {
    divisions,
    started: t.started,
    finished: t.finished,
    executive: t.executiveDirector,
  };
}
