import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NameTags } from '../social/index.ts';
import { DescriptionText } from './DescriptionText.tsx';
import { READ_ONLY_SUFFIX, type Directors, type TournamentMeta } from './model.ts';

/**
 * The tournament page's info panel (docs/product/tournaments.md §2
 * "Tournament page layout"): name, logo, directors (read-only ones marked
 * and last), description, disclaimer and the IRL mode icon; the page puts
 * the status card and ready button underneath (`children`).
 */
export function InfoPanel({
  meta,
  directors,
  children,
}: {
  meta: TournamentMeta;
  directors: Directors;
  children?: ReactNode;
}) {
  return (
    <section className="card tourney-info" aria-labelledby="tourney-name">
      {meta.logo && <img className="tourney-logo" src={meta.logo} alt={`${meta.name} logo`} />}
      <h1
        id="tourney-name"
        className="tourney-name"
        style={meta.color ? { color: meta.color } : undefined}
      >
        {meta.name}
        {meta.irlMode && (
          <span
            className="irl-icon"
            role="img"
            aria-label="IRL mode"
            title="IRL mode: games are played over the board"
          >
            {' '}
            ♟
          </span>
        )}
      </h1>
      {meta.clubSlug && (
        <p className="tourney-club">
          <Link to={meta.clubSlug}>Back to the club</Link>
        </p>
      )}
      {directors.list.length > 0 && (
        <p className="tourney-directors">
          <span className="muted">Directed by </span>
          {directors.list.map((d, i) => (
            <span key={d.userId}>
              {i > 0 && ', '}
              {d.username}
              {d.readOnly && <span className="muted">{READ_ONLY_SUFFIX}</span>}
              <NameTags userId={d.userId} username={d.username} director="none" />
            </span>
          ))}
        </p>
      )}
      {meta.description && (
        <div className="tourney-description">
          <DescriptionText text={meta.description} />
        </div>
      )}
      {meta.disclaimer && (
        <div className="tourney-disclaimer" role="note">
          {meta.disclaimer}
        </div>
      )}
      {children}
    </section>
  );
}
