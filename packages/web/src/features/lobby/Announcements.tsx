import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { announcementsQuery } from '../../rpc/queries.ts';
import { Loading } from '../../ui/Loading.tsx';

export const NO_ANNOUNCEMENTS = 'There is nothing to announce right now.';

/** The lobby's announcements (ConfigService.GetAnnouncements), set by administrators. */
export function Announcements() {
  const { api } = useServices();
  const { data, isError } = useQuery(announcementsQuery(api));
  const list = data?.announcements;

  return (
    <section className="card extras-card" aria-labelledby="announcements-title">
      <h2 id="announcements-title" className="card-title">
        Announcements
      </h2>
      {!list && isError ? (
        <p className="muted">The announcements could not be loaded.</p>
      ) : !list ? (
        <Loading />
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
