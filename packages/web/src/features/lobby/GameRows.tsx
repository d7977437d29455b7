import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  GameMode,
  RatingMode,
  type GameInfo,
  type GameRequest,
  type PlayerInfo,
} from '@tessera/protocol';
import { NameTags } from '../social/index.ts';
import { challengeRuleTag } from './constants.ts';
import {
  correspondenceRemaining,
  DAY_MS,
  ratingText,
  timeControlText,
  type TimeControl,
} from './format.ts';
import { isMyTurn, opponentOf, remainingMs } from './selectors.ts';

export function timeControlOf(r: GameRequest | undefined): TimeControl {
  return {
    initialTimeSecs: r?.initialTimeSeconds ?? 0,
    incrementSecs: r?.incrementSeconds ?? 0,
    maxOvertimeMinutes: r?.maxOvertimeMinutes ?? 0,
    correspondence: r?.gameMode === GameMode.CORRESPONDENCE,
  };
}

function Player({ p, onTurn }: { p: PlayerInfo; onTurn: boolean }) {
  return (
    <span className={`game-player${onTurn ? ' on-turn' : ''}`}>
      <span className="game-player-name">{p.nickname}</span>
      <NameTags userId={p.userId} username={p.nickname} plain />
      <span className="rating">{p.isBot ? 'Bot' : ratingText(p.rating, p.ratingEstablished)}</span>
    </span>
  );
}

/** Live games anyone may watch (the Watch tab). */
export function ActiveGames({ games }: { games: readonly GameInfo[] }) {
  if (games.length === 0)
    return <p className="empty-list">No games are being played right now. Why not start one?</p>;
  return (
    <ul className="game-list" aria-label="Games in progress">
      {games.map((g) => {
        const [a, b] = g.players;
        const r = g.gameRequest;
        return (
          <li key={g.gameId}>
            <Link
              to={`/game/${g.gameId}`}
              className="game-row"
              aria-label={`Watch ${a?.nickname} vs ${b?.nickname}`}
            >
              <span className="game-players">
                {a && <Player p={a} onTurn={g.playerOnTurn === 0} />}
                <span className="versus">vs</span>
                {b && <Player p={b} onTurn={g.playerOnTurn === 1} />}
              </span>
              <span className="game-score">
                {g.scores[0] ?? 0}–{g.scores[1] ?? 0}
              </span>
              <span className="game-meta">
                <span>{r?.lexicon}</span>
                <span className="muted">{timeControlText(timeControlOf(r))}</span>
              </span>
              <span className="seek-tags">
                <span
                  className={`tag ${r?.ratingMode === RatingMode.RATED ? 'tag-rated' : 'tag-casual'}`}
                >
                  {r?.ratingMode === RatingMode.RATED ? 'Rated' : 'Casual'}
                </span>
                <span className="tag">{challengeRuleTag(r?.challengeRule ?? 0)}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Re-renders every `ms` so countdowns stay current. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

/** The user's correspondence games, already sorted; red clocks under 24 hours. */
export function CorrespondenceGames({
  games,
  me,
  now,
}: {
  games: readonly GameInfo[];
  me: string;
  now: number;
}) {
  if (games.length === 0)
    return <p className="empty-list">You have no correspondence games in progress.</p>;
  return (
    <ul className="game-list" aria-label="Your correspondence games">
      {games.map((g) => {
        const opp = opponentOf(g, me);
        const mine = isMyTurn(g, me);
        const left = remainingMs(g, now);
        const urgent = left < DAY_MS;
        return (
          <li key={g.gameId}>
            <Link
              to={`/game/${g.gameId}`}
              className={`game-row${mine ? ' game-row-my-turn' : ''}`}
              aria-label={`Game with ${opp?.nickname}: ${mine ? 'your turn' : 'their turn'}, ${correspondenceRemaining(left)} left`}
            >
              <span className="game-players">{opp && <Player p={opp} onTurn={!mine} />}</span>
              <span className={`turn-tag${mine ? ' turn-mine' : ''}`}>
                {mine ? 'Your turn' : 'Their turn'}
              </span>
              <span className="game-meta">
                <span>{g.gameRequest?.lexicon}</span>
                <span className="muted">{timeControlText(timeControlOf(g.gameRequest))}</span>
              </span>
              <span className={`time-left${urgent ? ' time-left-urgent' : ''}`}>
                <ClockIcon />
                {correspondenceRemaining(left)}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function ClockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path
        d="M12 7v5l3 2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}
