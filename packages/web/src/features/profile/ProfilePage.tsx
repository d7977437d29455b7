import { useQuery } from '@tanstack/react-query';
import { countryFlag, END_REASON_LABELS, GameEndReason, type GameInfo } from '@tessera/protocol';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useServices, useSession } from '../../app/services.tsx';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { Loading } from '../../ui/Loading.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import {
  gameAction,
  GAMES_PAGE,
  keyLabel,
  parseRatings,
  parseStats,
  profileGamesQuery,
  profileQuery,
} from './profile-data.ts';
import { ModerateModal, useCanModerate } from '../moderation/index.ts';
import { NameTags } from '../social/index.ts';
import { RatingHistoryChart } from './RatingHistoryChart.tsx';
import './profile.css';
import { AnnotatedGames } from './AnnotatedGames.tsx';

export const PROFILE_LOGIN_TEXT = 'Login or register to view your profile.';
/** Profile data are asked again only once the name has stopped changing this long (§9). */
export const PROFILE_DEBOUNCE_MS = 500;

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * /profile/{username}; a logged-in visitor without a username goes to their
 * own profile (docs/product/community.md §2.4).
 */
export function ProfilePage() {
  const { username } = useParams();
  const session = useSession();
  if (!session.known) return null;
  if (!username) {
    if (session.loggedIn) {
      return <Navigate to={`/profile/${encodeURIComponent(session.username)}`} replace />;
    }
    return <ProfileLoggedOut />;
  }
  if (!session.loggedIn) return <ProfileLoggedOut title={username} />;
  return <Profile username={username} />;
}

function ProfileLoggedOut({ title = 'Profile' }: { title?: string }) {
  usePageTitle(title);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      <p>{PROFILE_LOGIN_TEXT}</p>
    </section>
  );
}

function Profile({ username: wanted }: { username: string }) {
  const username = useDebounced(wanted, PROFILE_DEBOUNCE_MS);
  usePageTitle(username);
  const { api } = useServices();
  const session = useSession();
  const profile = useQuery(profileQuery(api, username));
  const error = useErrorText(profile.error);
  if (!profile.data) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title">{username}</h1>
        <Loading error={error} />
      </section>
    );
  }
  const p = profile.data;
  const stats = parseStats(p.statsJson);
  const ratings = parseRatings(p.ratingsJson);
  const flag = countryFlag(p.countryCode);
  return (
    <section className="page profile-page" aria-labelledby="page-title">
      <header className="profile-header">
        {p.avatarUrl ? (
          <img
            className="profile-avatar"
            src={p.avatarUrl}
            alt={`${p.username}'s avatar`}
            width={96}
            height={96}
          />
        ) : (
          <span className="profile-avatar profile-avatar-letter" aria-hidden="true">
            {p.username.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h1 id="page-title">
            {p.username}{' '}
            <NameTags userId={p.userId} username={p.username} badgeCodes={p.badgeCodes} />
            {flag && (
              <span className="profile-flag" title={p.countryCode.toUpperCase()}>
                {flag}
              </span>
            )}
          </h1>
          {p.fullName && <p className="profile-fullname">{p.fullName}</p>}
          {p.own && !p.hasBirthDate ? (
            <p className="muted">
              Your bio is private until you add your birth date in{' '}
              <Link to="/settings/personal">Settings</Link>.
            </p>
          ) : (
            p.about && <p className="profile-bio">{p.about}</p>
          )}
          {p.own && (
            <p>
              <Link to="/settings/personal">Edit your profile</Link>
            </p>
          )}
          {!p.own && <ModerateButton user={{ uuid: p.userId, username: p.username }} />}
        </div>
      </header>

      <h2>Statistics</h2>
      <dl className="profile-stats" aria-label="Statistics">
        <Stat label="Games played" value={stats.summary.gamesPlayed} />
        <Stat label="Won" value={stats.summary.gamesWon} />
        <Stat label="Points" value={stats.summary.points} />
        <Stat label="Bingos" value={stats.summary.bingos} />
        <Stat label="Phonies" value={stats.summary.phonies} />
        <Stat label="Challenges won" value={stats.summary.challengesWon} />
      </dl>

      <h2>Ratings</h2>
      {ratings.length === 0 ? (
        <p className="muted">No rated games yet.</p>
      ) : (
        <div className="profile-cards">
          {ratings.map(([key, r]) => (
            <article key={key} className="profile-card" aria-label={`${keyLabel(key)} rating`}>
              <h3>{keyLabel(key)}</h3>
              <p className="profile-rating">
                {Math.round(r.r)} <span className="muted">± {Math.round(r.d)}</span>
              </p>
              <RatingHistoryChart username={p.username} ratingKey={key} />
            </article>
          ))}
        </div>
      )}
      {p.own && <PuzzleRatings />}

      <Games username={p.username} viewerId={session.userId} />

      <h2>Collections</h2>
      <p className="muted">No collections yet.</p>
      <AnnotatedGames username={p.username} viewerId={session.userId} />
    </section>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="profile-stat">
      <dt>{label}</dt>
      <dd>{value.toLocaleString()}</dd>
    </div>
  );
}

function PuzzleRatings() {
  const { api } = useServices();
  const history = useQuery({
    queryKey: ['profile', 'puzzleRatings'],
    queryFn: () => api.puzzle.getPuzzleHistory({ lexicon: '', limit: 1 }),
  });
  const list = history.data?.ratings ?? [];
  if (list.length === 0) return null;
  return (
    <>
      <h2>Puzzle ratings</h2>
      <div className="profile-cards">
        {list.map((r) => (
          <article
            key={r.lexicon}
            className="profile-card"
            aria-label={`${r.lexicon} puzzle rating`}
          >
            <h3>{r.lexicon} puzzles</h3>
            <p className="profile-rating">
              {r.rating} <span className="muted">({r.puzzlesRated} rated)</span>
            </p>
          </article>
        ))}
      </div>
    </>
  );
}

/** The game end reason's label (§9: Time out, Resignation, Completed…). */
function endLabel(g: GameInfo): string {
  const name = GameEndReason[g.gameEndReason] as keyof typeof END_REASON_LABELS | undefined;
  return (name && END_REASON_LABELS[name]) || '';
}

function opponentLine(g: GameInfo, username: string): string {
  const me = g.players.findIndex((p) => p.nickname === username);
  const i = me < 0 ? 0 : me;
  const them = g.players[1 - i];
  const result = g.winner === -1 ? 'Tie' : g.winner === i ? 'Won' : 'Lost';
  return `${result} ${g.scores[i] ?? 0}–${g.scores[1 - i] ?? 0} vs ${them?.nickname ?? '?'}`;
}

function Games({ username, viewerId }: { username: string; viewerId: string }) {
  const { api } = useServices();
  const [offset, setOffset] = useState(0);
  const [showTable, setShowTable] = useState(false);
  const recent = useQuery(profileGamesQuery(api, username, 0));
  const page = useQuery({ ...profileGamesQuery(api, username, offset), enabled: showTable });
  const games = recent.data?.games ?? [];
  const total = recent.data?.total ?? 0;
  return (
    <>
      <h2>Recent games</h2>
      {recent.isPending ? (
        <Loading />
      ) : games.length === 0 ? (
        <p className="muted">No games yet.</p>
      ) : (
        <ul className="profile-carousel" aria-label="Recent games">
          {games.slice(0, 4).map((g) => (
            <li key={g.gameId} className="profile-game-card">
              <p>{opponentLine(g, username)}</p>
              <p className="muted">
                {g.gameRequest?.lexicon} · {endLabel(g)}
              </p>
              <Link to={`/game/${g.gameId}`}>{gameAction(g, viewerId)}</Link>
            </li>
          ))}
        </ul>
      )}
      {total > 0 && (
        <button
          type="button"
          className="link-button"
          onClick={() => setShowTable((v) => !v)}
          aria-expanded={showTable}
        >
          {showTable ? 'Hide game table' : 'Show game table'}
        </button>
      )}
      {showTable && page.data && (
        <>
          <table className="profile-games" aria-label="Games">
            <thead>
              <tr>
                <th>Date</th>
                <th>Result</th>
                <th>Lexicon</th>
                <th>Time</th>
                <th>End</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {page.data.games.map((g) => (
                <tr key={g.gameId}>
                  <td>{new Date(g.createdAt).toLocaleDateString()}</td>
                  <td>{opponentLine(g, username)}</td>
                  <td>{g.gameRequest?.lexicon}</td>
                  <td>{g.timeControlName}</td>
                  <td>{endLabel(g)}</td>
                  <td>
                    <Link to={`/game/${g.gameId}`}>{gameAction(g, viewerId)}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="profile-pager">
            <button
              type="button"
              disabled={page.data.offset === 0}
              onClick={() => setOffset(Math.max(0, page.data.offset - GAMES_PAGE))}
            >
              Newer
            </button>
            <span>
              {page.data.offset + 1}–{page.data.offset + page.data.games.length} of{' '}
              {page.data.total}
            </span>
            <button
              type="button"
              disabled={page.data.offset + GAMES_PAGE >= page.data.total}
              onClick={() => setOffset(page.data.offset + GAMES_PAGE)}
            >
              Older
            </button>
          </p>
        </>
      )}
    </>
  );
}

/** Moderation tools in the profile header, for moderators and administrators (§2.5). */
function ModerateButton({ user }: { user: { uuid: string; username: string } }) {
  const canModerate = useCanModerate();
  const [open, setOpen] = useState(false);
  if (!canModerate || !user.uuid) return null;
  return (
    <p>
      <button type="button" className="button secondary" onClick={() => setOpen(true)}>
        Moderate
      </button>
      {open && <ModerateModal user={user} onClose={() => setOpen(false)} />}
    </p>
  );
}
