import type {
  DivisionControlsMessage,
  DivisionDeletedMessage,
  DivisionPairingsDeletedMessage,
  DivisionPairingsMessage,
  DivisionPlayersMessage,
  DivisionRoundControlsMessage,
  PlayerCheckinMessage,
  TournamentDivision,
  TournamentDivisionMessage,
  TournamentFinishedMessage,
  TournamentGameEndedEvent,
  TournamentMetadataMessage,
  TournamentReadyState,
  TournamentRoundStarted,
} from '@tessera/protocol';
import { parseDirectors, type Division } from './model.ts';
import {
  divisionFrom,
  endReasonName,
  mergePairings,
  mergeStandings,
  metaFrom,
  millis,
  personFrom,
  resultName,
  type TournamentState,
} from './from-proto.ts';

/**
 * How each realtime message of the tournament realm changes the page's state
 * (docs/product/tournaments.md §4 "Client events"). Pure: state in, state out.
 */

function onDivision(
  s: TournamentState,
  name: string,
  change: (d: Division) => Division,
): TournamentState {
  if (!s.divisions.some((d) => d.id === name)) return s;
  return { ...s, divisions: s.divisions.map((d) => (d.id === name ? change(d) : d)) };
}

/** A round opened: at the server's time when it says it (as a reload reads it), else when seen. */
export function roundStarted(s: TournamentState, m: TournamentRoundStarted, now: number) {
  const at = millis(m.startedAt) || now;
  const next = onDivision(s, m.division, (d) => ({
    ...d,
    currentRound: m.round,
    roundStartedAt: at,
  }));
  return { ...next, started: true };
}

export function readyState(s: TournamentState, m: TournamentReadyState) {
  return onDivision(s, m.division, (d) => {
    const pairings = [...d.pairings];
    pairings[m.round] = (pairings[m.round] ?? []).map((p) => {
      if (!p.players.includes(m.playerId)) return p;
      const ready: [string, string] = [...p.readyStates];
      p.players.forEach((id, i) => {
        if (id === m.playerId) ready[i] = m.ready ? 'ready' : '';
      });
      return { ...p, readyStates: ready };
    });
    return { ...d, pairings };
  });
}

export function gameEnded(s: TournamentState, m: TournamentGameEndedEvent) {
  return onDivision(s, m.division, (d) => {
    const pairings = [...d.pairings];
    pairings[m.round] = (pairings[m.round] ?? []).map((p) => {
      const [a, b] = m.players;
      const same = p.players[0] === a && p.players[1] === b;
      const swapped = p.players[0] === b && p.players[1] === a;
      if (!same && !swapped) return p;
      const at = (i: 0 | 1) => (same ? i : 1 - i);
      const games = [...p.games];
      games[m.gameIndex] = {
        scores: [m.scores[at(0)] ?? 0, m.scores[at(1)] ?? 0],
        results: [resultName(m.results[at(0)]), resultName(m.results[at(1)])],
        endReason: endReasonName(m.endReason),
        id: m.gameId,
      };
      return {
        ...p,
        games,
        outcomes: [resultName(m.results[at(0)]), resultName(m.results[at(1)])],
      };
    });
    return { ...d, pairings, standings: mergeStandings(d.standings, m.standings) };
  });
}

export function divisionControls(s: TournamentState, m: DivisionControlsMessage) {
  return onDivision(s, m.division, (d) => ({
    ...d,
    controls: m.divisionControls,
    standings: mergeStandings(d.standings, m.standings),
  }));
}

export function roundControls(s: TournamentState, m: DivisionRoundControlsMessage) {
  return onDivision(s, m.division, (d) => ({
    ...d,
    roundControls: m.roundControls,
    numRounds: m.roundControls.length || d.numRounds,
    pairings: mergePairings(d.pairings, m.pairings, d.players),
    standings: mergeStandings(d.standings, m.standings),
  }));
}

export function pairingsSet(s: TournamentState, m: DivisionPairingsMessage) {
  return onDivision(s, m.division, (d) => ({
    ...d,
    pairings: mergePairings(d.pairings, m.pairings, d.players),
    standings: mergeStandings(d.standings, m.standings),
  }));
}

export function pairingsDeleted(s: TournamentState, m: DivisionPairingsDeletedMessage) {
  return onDivision(s, m.division, (d) => {
    const pairings = [...d.pairings];
    if (m.round < pairings.length) pairings[m.round] = [];
    return { ...d, pairings };
  });
}

export function playersChanged(s: TournamentState, m: DivisionPlayersMessage) {
  return onDivision(s, m.division, (d) => {
    const players = m.players.map(personFrom);
    return {
      ...d,
      players,
      pairings: mergePairings(d.pairings, m.pairings, players),
      standings: mergeStandings(d.standings, m.standings),
    };
  });
}

export function divisionDeleted(s: TournamentState, m: DivisionDeletedMessage): TournamentState {
  return { ...s, divisions: s.divisions.filter((d) => d.id !== m.division) };
}

export function checkin(s: TournamentState, m: PlayerCheckinMessage) {
  const mark = (d: Division) => ({
    ...d,
    players: d.players.map((p) => (p.id === m.playerId ? { ...p, checkedIn: m.checkedIn } : p)),
  });
  if (m.division) return onDivision(s, m.division, mark);
  return { ...s, divisions: s.divisions.map(mark) };
}

export function wholeDivision(s: TournamentState, m: TournamentDivisionMessage): TournamentState {
  if (!m.full) return s;
  const division = divisionFrom(m.full);
  const others = s.divisions.filter((d) => d.id !== m.division && d.id !== m.renamedFrom);
  const divisions = [...others, division].sort((a, b) => a.id.localeCompare(b.id));
  return { ...s, divisions, started: m.started };
}

export function tournamentFinished(s: TournamentState, m: TournamentFinishedMessage) {
  return { ...s, finished: m.finished };
}

/**
 * The page's metadata (the tournament metadata query's value) from a
 * metadata message; undefined when the message is about another tournament.
 */
export function metadataUpdate(id: string, m: TournamentMetadataMessage) {
  if (!m.metadata || m.metadata.id !== id) return undefined;
  return {
    meta: metaFrom(m.metadata),
    directors: parseDirectors(m.directors, m.metadata.firstDirector),
    raw: m.metadata,
  };
}

/**
 * A page of rounds fetched for the round shown (useRoundsShown): its
 * pairings and standings replace ours, and the rounds count as loaded.
 */
export function roundsLoaded(
  s: TournamentState,
  page: TournamentDivision,
  rounds: readonly number[],
): TournamentState {
  return onDivision(s, page.divisionId, (d) => ({
    ...d,
    pairings: mergePairings(d.pairings, page.pairingMap, d.players),
    standings: mergeStandings(d.standings, page.standingsMap),
    loadedRounds: [...new Set([...(d.loadedRounds ?? []), ...rounds])].sort((a, b) => a - b),
  }));
}
