import { overtimePenalty } from '@tessera/engine';
import { Link } from 'react-router';
import { Tooltip } from '../../../ui/Tooltip.tsx';
import { NameTags, PetAvatar } from '../../social/index.ts';
import {
  formatClock,
  formatCorrespondence,
  formatTimeBank,
  lowTimeThresholdMs,
  remainingAt,
} from '../state/clock.ts';
import type { GameView } from '../../../board/state/game-store.ts';
import type { PlayerView } from '../../../board/state/history-view.ts';
import { useClockNow } from './use-now.ts';
import { BriefProfileMark } from '../../../ui/BriefProfileMark.tsx';

/** "1500", "1500?" (not established) or "Unrated" (docs/product/gameplay.md §9). */
export function ratingText(p: PlayerView): string {
  if (p.isBot || p.rating <= 0) return 'Unrated';
  return `${Math.round(p.rating)}${p.established ? '' : '?'}`;
}

export function spreadText(spread: number): string {
  return `Spread: ${spread > 0 ? '+' : ''}${spread}`;
}

/**
 * The two player cards (docs/product/gameplay.md §2 "Game page extras"): name with
 * a profile link, rating, score with the spread as a tooltip, and the
 * clock, counting down locally from the server's values. While a timed game
 * is on, a clock in overtime costs 10 points per started minute, shown in
 * the score (not in correspondence games, not while examining).
 */
export function PlayerCards({
  view,
  examining,
  scores,
  onTurn,
}: {
  view: GameView;
  examining: boolean;
  /** The scores to show (the examined position's while examining). */
  scores: readonly number[];
  onTurn: number;
}) {
  const live = view.playState === 'PLAYING' || view.playState === 'WAITING_FOR_FINAL_PASS';
  const c = view.clocks;
  const correspondence = view.request?.correspondence ?? false;
  const running = live && !examining && c.running >= 0 && !c.untimed;
  const now = useClockNow(running, (t) => (c.running >= 0 ? remainingAt(c, c.running, t) : 0));
  const timed = live && !examining && !correspondence;
  const left = [0, 1].map((i) => remainingAt(c, i, now));
  const penalty = left.map((ms) => (timed ? overtimePenalty(ms) : 0));
  const shown = [0, 1].map((i) => (scores[i] ?? 0) - penalty[i]);
  const lowAt = lowTimeThresholdMs(view.request?.initialTimeSeconds ?? 0);
  return (
    <div className="player-cards">
      {view.players.map((p, i) => {
        const ms = left[i];
        const low = !correspondence && live && ms <= lowAt;
        const corr = formatCorrespondence(ms);
        const turn = live && onTurn === i;
        const clockClass = [
          'player-clock',
          low ? 'clock-low' : '',
          correspondence && corr.level ? `clock-${corr.level}` : '',
          ms < 0 ? 'clock-overtime' : '',
        ].join(' ');
        return (
          <section
            key={p.userId || i}
            className={`player-card${turn ? ' player-card-on-turn' : ''}`}
            aria-label={`${p.nickname}${turn ? ', on turn' : ''}`}
          >
            <div className="player-head">
              <span className="turn-dot" aria-hidden="true" />
              {p.isBot ? (
                <PetAvatar username={p.nickname} />
              ) : (
                <BriefProfileMark userId={p.userId} />
              )}
              <Link
                className="player-name"
                to={`/profile/${encodeURIComponent(p.nickname)}`}
                title="View profile"
              >
                {p.nickname}
              </Link>
              <NameTags userId={p.userId} username={p.nickname} />
              {view.viewerIndex === i && <span className="player-you">you</span>}
              <span className="player-rating">{ratingText(p)}</span>
            </div>
            <div className="player-body">
              <Tooltip text={spreadText(shown[i] - shown[1 - i])}>
                <span className="player-score" data-testid={`score-${i}`}>
                  {shown[i]}
                </span>
              </Tooltip>
              {penalty[i] > 0 && <span className="score-penalty">−{penalty[i]} overtime</span>}
              <span className={clockClass} role="timer" aria-label={`${p.nickname}'s clock`}>
                {c.untimed ? '–' : correspondence ? corr.text : formatClock(ms)}
              </span>
              {correspondence && (c.timeBankMs?.[i] ?? 0) > 0 && (
                <span className="time-bank" title="Time bank">
                  Bank {formatTimeBank(c.timeBankMs![i])}
                </span>
              )}
            </div>
          </section>
        );
      })}
    </div>
  );
}
