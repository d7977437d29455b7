import { pairingOf, shortNameOf, userIdOf, type Division, type Pairing } from './model.ts';
import { seedOf } from './pairings.ts';

/**
 * The single-player kiosk (docs/product/tournaments.md §2 "Kiosk view (es)"):
 * a player found by the start of their user id, what they play this round
 * and the form that enters its score.
 */

/** How many names the not-checked-in list shows before "and N more". */
export const KIOSK_UNCHECKED_SHOWN = 3;

export const KIOSK_NOT_STARTED = 'Tournament has not yet started.';
/** An online event's kiosk: the game is played on the site, which records its score. */
export const KIOSK_ONLINE =
  'This event is played on the site: your game’s score is recorded when it ends. If a result is wrong, please contact a director.';
export const KIOSK_CONTACT = 'If this is not right, please contact a director.';

/** How long the start of a user id must be to name a kiosk player. */
export const KIOSK_ID_MIN = 8;

export type KioskPlayer =
  { ok: true; division: Division; personId: string; seed: number } | { ok: false; error: string };

/** The one player whose user id starts with `es`; anything else is an error (§2: not recovered). */
export function findKioskPlayer(divisions: readonly Division[], es: string): KioskPlayer {
  const found: { division: Division; personId: string }[] = [];
  if (es.length >= KIOSK_ID_MIN) {
    for (const division of divisions)
      for (const p of division.players)
        if (userIdOf(p.id).startsWith(es)) found.push({ division, personId: p.id });
  }
  if (found.length !== 1)
    return { ok: false, error: `No player of this tournament has the id ${es}.` };
  const { division, personId } = found[0];
  return { ok: true, division, personId, seed: seedOf(division, personId) };
}

export type KioskRound =
  | { kind: 'not-started' }
  | { kind: 'unpaired'; round: number }
  | { kind: 'bye' | 'forfeit-win' | 'forfeit-loss' | 'void'; round: number }
  | {
      kind: 'game';
      round: number;
      pairing: Pairing;
      opponent: string;
      opponentSeed: number;
      first: boolean;
      /** The recorded scores, mine first; null while there is no result. */
      scores: [number, number] | null;
    };

export function kioskRound(division: Division, personId: string, started: boolean): KioskRound {
  const round = division.currentRound;
  if (!started || round < 0) return { kind: 'not-started' };
  const pairing = pairingOf(division, round, personId);
  if (!pairing) return { kind: 'unpaired', round };
  if (pairing.players[0] === pairing.players[1]) {
    const o = pairing.outcomes[0];
    const kind =
      o === 'BYE'
        ? 'bye'
        : o === 'FORFEIT_WIN'
          ? 'forfeit-win'
          : o === 'VOID'
            ? 'void'
            : 'forfeit-loss';
    return { kind, round };
  }
  const me = pairing.players[0] === personId ? 0 : 1;
  const opponent = pairing.players[1 - me];
  const game = pairing.games[0];
  const done = pairing.outcomes[me] !== 'NO_RESULT' || (!!game && game.endReason !== 'NONE');
  return {
    kind: 'game',
    round,
    pairing,
    opponent,
    opponentSeed: seedOf(division, opponent),
    first: me === 0,
    scores: done && game ? [game.scores[me], game.scores[1 - me]] : done ? [0, 0] : null,
  };
}

/** The message for a round without an opponent. */
export function kioskNoOpponentText(
  kind: 'bye' | 'forfeit-win' | 'forfeit-loss' | 'void' | 'unpaired',
  round: number,
): string {
  const n = round + 1;
  switch (kind) {
    case 'bye':
      return `You have a bye in round ${n}.`;
    case 'forfeit-win':
      return `You win round ${n} by forfeit.`;
    case 'forfeit-loss':
      return `You have a forfeit loss in round ${n}.`;
    case 'void':
      return `Your round ${n} game does not count.`;
    case 'unpaired':
      return `You are not paired in round ${n} yet.`;
  }
}

/** Up to three names, then "and N more" (§2 "Kiosk view (es)"). */
export function uncheckedList(division: Division): { names: string[]; more: number } {
  const all = division.players.filter((p) => !p.checkedIn).map((p) => shortNameOf(division, p.id));
  return {
    names: all.slice(0, KIOSK_UNCHECKED_SHOWN),
    more: Math.max(0, all.length - KIOSK_UNCHECKED_SHOWN),
  };
}

export type ScoreEntryErrors = { mine?: string; theirs?: string };

/** Both scores are required whole numbers. */
export function validateScores(mine: string, theirs: string): ScoreEntryErrors {
  const errors: ScoreEntryErrors = {};
  const check = (v: string) =>
    v.trim() === ''
      ? 'This field is required.'
      : /^-?\d+$/.test(v.trim())
        ? undefined
        : 'Scores must be numbers.';
  const m = check(mine);
  const t = check(theirs);
  if (m) errors.mine = m;
  if (t) errors.theirs = t;
  return errors;
}
