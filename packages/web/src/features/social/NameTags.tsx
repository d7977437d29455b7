import { Tooltip } from '../../ui/Tooltip.tsx';
import { useNameTagData } from './use-name-tags.ts';
import './name-tags.css';

/** The image of a badge, shipped with the app (public/badges). */
export const badgeImage = (code: string) => `/badges/${encodeURIComponent(code)}.svg`;

/** A badge's icon with its description as tooltip (and as the image's name). */
export function BadgeIcon({ code, description }: { code: string; description: string }) {
  return (
    <Tooltip text={description || code}>
      <img className="badge-icon" src={badgeImage(code)} alt={description || code} />
    </Tooltip>
  );
}

/**
 * What follows a name wherever names appear (docs/product/community.md §6):
 * a gold Admin or green Moderator tag, a tournament's Director or Invigilator
 * highlight when the list says so, and the user's badge icons.
 * Give `userId` when known; `username` alone also finds badges.
 */
export function NameTags({
  userId = '',
  username = '',
  director,
}: {
  userId?: string;
  username?: string;
  /** In a tournament: a director, or a read-only director (an invigilator). */
  director?: 'director' | 'invigilator';
}) {
  const t = useNameTagData();
  const badges =
    (userId && t.badgesById.get(userId)) || t.badgesByName.get(username.toLowerCase()) || [];
  const staff =
    userId && t.admins.has(userId) ? 'admin' : userId && t.mods.has(userId) ? 'mod' : '';
  if (!staff && !director && badges.length === 0) return null;
  return (
    <span className="name-tags">
      {staff === 'admin' && <span className="staff-tag staff-admin">Admin</span>}
      {staff === 'mod' && <span className="staff-tag staff-mod">Moderator</span>}
      {director === 'director' && <span className="staff-tag staff-director">Director</span>}
      {director === 'invigilator' && (
        <span className="staff-tag staff-invigilator">Invigilator</span>
      )}
      {badges.map((code) => (
        <BadgeIcon key={code} code={code} description={t.descriptions[code] ?? ''} />
      ))}
    </span>
  );
}
