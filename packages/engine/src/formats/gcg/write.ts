/**
 * A game to GCG text (UTF-8, LF line ends). Every event type has a line that
 * formats/gcg/parse.ts reads back to the same event:
 *
 * - a free failed challenge (CHALLENGE) is `(challenge) +0` by the challenger;
 * - a challenge that cost the turn is a pass noted `#unsuccessful-challenge`;
 * - resignation and time-out, which GCG has no move line for, are written as
 *   Tessera's pragmas `#resigned nick RACK` and `#timed-out nick RACK`;
 * - the challenge rule is written as `#challenge-rule`, since replays of a
 *   record depend on it and GCG has no standard pragma for it.
 *
 * Notes go one `#note` line per line of text. Unfinished games are marked
 * `#incomplete`; the current racks follow as `#rack1` / `#rack2` unless the
 * events already show them (a game ended by going out or by six zeroes).
 */
import type { GameEvent } from '../../game/events.ts';
import type { GameState } from '../../game/state.ts';
import { printTiles } from '../../tiles/notation.ts';

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `${n}`;
}

function moveLine(nick: string, rack: string, action: string, delta: number, cum: number): string {
  return `>${nick}: ${rack} ${action} ${signed(delta)} ${cum}`;
}

function eventLines(g: GameState, e: GameEvent): string[] {
  const nick = g.players[e.playerIndex].nickname;
  const cum = e.cumulative;
  let note = e.note;
  let line: string;
  switch (e.type) {
    case 'TILE_PLACEMENT_MOVE':
      line = moveLine(nick, e.rack, `${e.position} ${e.playedTiles}`, e.score, cum);
      break;
    case 'PHONY_TILES_RETURNED':
      line = moveLine(nick, e.rack, '--', -e.lostScore, cum);
      break;
    case 'PASS':
      line = moveLine(nick, e.rack, '-', 0, cum);
      break;
    case 'UNSUCCESSFUL_CHALLENGE_TURN_LOSS':
      line = moveLine(nick, e.rack, '-', 0, cum);
      note = note ? `#unsuccessful-challenge ${note}` : '#unsuccessful-challenge';
      break;
    case 'EXCHANGE':
      line = moveLine(nick, e.rack, `-${e.exchanged || e.numTilesFromRack}`, 0, cum);
      break;
    case 'CHALLENGE_BONUS':
      line = moveLine(nick, e.rack, '(challenge)', e.bonus, cum);
      break;
    case 'CHALLENGE':
      line = moveLine(nick, e.rack, '(challenge)', 0, cum);
      break;
    case 'END_RACK_PTS':
      line = moveLine(nick, '', `(${e.rack})`, e.endRackPoints, cum);
      break;
    case 'END_RACK_PENALTY':
      line = moveLine(nick, e.rack, `(${e.rack})`, -e.lostScore, cum);
      break;
    case 'TIME_PENALTY':
      line = moveLine(nick, e.rack, '(time)', -e.lostScore, cum);
      break;
    case 'RESIGNED':
      line = `#resigned ${nick} ${e.rack}`.trimEnd();
      break;
    case 'TIMED_OUT':
      line = `#timed-out ${nick} ${e.rack}`.trimEnd();
      break;
  }
  const lines = [line];
  if (note) for (const text of note.split('\n')) lines.push(`#note ${text}`);
  return lines;
}

export function writeGcg(g: GameState): string {
  const lines = ['#character-encoding UTF-8'];
  g.players.forEach((p, i) => lines.push(`#player${i + 1} ${p.nickname} ${p.realName}`.trimEnd()));
  if (g.meta.title) lines.push(`#title ${g.meta.title}`);
  if (g.meta.description) lines.push(`#description ${g.meta.description}`);
  if (g.meta.uid) lines.push(`#id ${g.meta.idAuth || 'io.tessera'} ${g.meta.uid}`);
  if (g.rules.lexicon) lines.push(`#lexicon ${g.rules.lexicon}`);
  lines.push(`#game-type ${g.rules.variant}`);
  lines.push(`#board-layout ${g.rules.boardLayout}`);
  lines.push(`#tile-distribution ${g.rules.letterDistribution}`);
  lines.push(`#challenge-rule ${g.rules.challengeRule}`);
  const over = g.playState === 'GAME_OVER';
  if (!over) lines.push('#incomplete');
  for (const e of g.events) lines.push(...eventLines(g, e));
  // Racks the events do not already pin down: unfinished games, and games that
  // ended without the last racks being counted (resignation, time, triple challenge).
  const counted = g.endReason === 'STANDARD' || g.endReason === 'CONSECUTIVE_ZEROES';
  if (!over || !counted) {
    g.racks.forEach((rack, i) => {
      if (rack.size > 0) lines.push(`#rack${i + 1} ${printTiles(g.set, rack.tiles(), 'rack')}`);
    });
  }
  return lines.join('\n') + '\n';
}
