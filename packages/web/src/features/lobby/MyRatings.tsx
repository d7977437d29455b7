import { TIME_CLASS_LABELS, type TimeClass } from '@tessera/protocol';
import { useSession } from '../../app/services.tsx';
import { ESTABLISHED_DEVIATION } from './constants.ts';
import { useLobby } from '../../stores/use-lobby.ts';

/** "SCOWL-EN.classic.blitz" as "SCOWL-EN Blitz" (the variant named when not classic). */
export function ratingKeyText(key: string): string {
  const [lexicon, variant, cls] = key.split('.');
  const label = TIME_CLASS_LABELS[cls as TimeClass] ?? cls ?? '';
  return [lexicon, variant && variant !== 'classic' ? variant : '', label]
    .filter(Boolean)
    .join(' ');
}

/**
 * The user's own ratings, sent by the server when the socket joins the lobby
 * and after each rated game (PROFILE_UPDATE); "?" marks one not established.
 */
export function MyRatings() {
  const session = useSession();
  const { ratings } = useLobby();
  if (!session.loggedIn || !ratings) return null;
  const rows = Object.entries(ratings).sort(([a], [b]) => a.localeCompare(b));
  return (
    <section className="card extras-card" aria-labelledby="my-ratings-title">
      <h2 id="my-ratings-title" className="card-title">
        Your ratings
      </h2>
      {rows.length === 0 ? (
        <p className="muted">Play a rated game to get a rating.</p>
      ) : (
        <dl className="my-ratings">
          {rows.map(([key, r]) => (
            <div key={key}>
              <dt>{ratingKeyText(key)}</dt>
              <dd>
                {Math.round(r.rating)}
                {r.deviation > ESTABLISHED_DEVIATION ? '?' : ''}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
