import type { Announcement } from '@tessera/protocol';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services.tsx';

export const NO_ANNOUNCEMENTS = 'There is nothing to announce right now.';

/** The lobby's announcements (ConfigService.GetAnnouncements), set by administrators. */
export function Announcements() {
  const { api } = useServices();
  const [list, setList] = useState<Announcement[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api.config.getAnnouncements({}).then(
      (r) => live && setList(r.announcements),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api]);

  return (
    <section className="card extras-card" aria-labelledby="announcements-title">
      <h2 id="announcements-title" className="card-title">
        Announcements
      </h2>
      {failed ? (
        <p className="muted">The announcements could not be loaded.</p>
      ) : list === null ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : list.length === 0 ? (
        <p className="muted">{NO_ANNOUNCEMENTS}</p>
      ) : (
        <ul className="announcements">
          {list.map((a, i) => (
            <li key={i}>
              <h3 className="announcement-title">
                <AnnouncementLink link={a.link}>{a.title}</AnnouncementLink>
              </h3>
              {a.body && <p>{a.body}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AnnouncementLink({ link, children }: { link: string; children: string }) {
  if (!link) return <>{children}</>;
  if (link.startsWith('/')) return <Link to={link}>{children}</Link>;
  return (
    <a href={link} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
