import { useOptionalServices } from '../../app/services.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { useDirectorMark, type DirectorMark } from './director-highlights.tsx';
import { useNameTagData } from './use-name-tags.ts';
import './name-tags.css';

/** The image of a badge, shipped with the app (public/badges). */
export const badgeImage = (code: string) => `/badges/${encodeURIComponent(code)}.svg`;

/**
 * A badge's icon with its description as tooltip (and as the image's name).
 * Inside a button or link (`plain`) the tooltip is the image's title, so no
 * focusable element sits inside another.
 */
export function BadgeIcon({
  code,
  description,
  plain = false,
}: {
  code: string;
  description: string;
  plain?: boolean;
}) {
  if (plain)
    return (
      <img
        className="badge-icon"
        src={badgeImage(code)}
        alt={description || code}
        title={description || code}
      />
    );
  return (
    <Tooltip text={description || code}>
      <img className="badge-icon" src={badgeImage(code)} alt={description || code} />
    </Tooltip>
  );
}

/** The props of NameTags. */
type NameTagsProps = Parameters<typeof Tags>[0];

/**
 * What follows a name wherever names appear (docs/product/community.md §6):
 * a gold Admin or green Moderator tag, a tournament's Director or Invigilator
 * highlight when the list says so, and the user's badge icons.
 * Give `userId` when known; `username` alone also finds badges.
 */
export function NameTags(props: NameTagsProps) {
  // Outside the app (a game panel rendered on its own) names carry no tags.
  if (!useOptionalServices()) return null;
  return <Tags {...props} />;
}

function Tags({
  userId = '',
  username = '',
  director,
  plain = false,
  badgeCodes,
}: {
  userId?: string;
  username?: string;
  /** Inside a button or link: badge tooltips as titles, nothing focusable. */
  plain?: boolean;
  /** The badges when the caller has them already (a profile); else the holder list's. */
  badgeCodes?: readonly string[];
  /**
   * In a tournament: a director, or a read-only director (an invigilator);
   * by default what the surrounding DirectorHighlights say, 'none' for none.
   */
  director?: DirectorMark | 'none';
}) {
  const t = useNameTagData();
  const inTournament = useDirectorMark(userId);
  const mark = director === 'none' ? undefined : (director ?? inTournament);
  const badges =
    badgeCodes ??
    ((userId && t.badgesById.get(userId)) || t.badgesByName.get(username.toLowerCase()) || []);
  const staff =
    userId && t.admins.has(userId) ? 'admin' : userId && t.mods.has(userId) ? 'mod' : '';
  if (!staff && !mark && badges.length === 0) return null;
  return (
    <span className="name-tags">
      {staff === 'admin' && <span className="staff-tag staff-admin">Admin</span>}
      {staff === 'mod' && <span className="staff-tag staff-mod">Moderator</span>}
      {mark === 'director' && <span className="staff-tag staff-director">Director</span>}
      {mark === 'invigilator' && <span className="staff-tag staff-invigilator">Invigilator</span>}
      {badges.map((code) => (
        <BadgeIcon key={code} code={code} description={t.descriptions[code] ?? ''} plain={plain} />
      ))}
    </span>
  );
}
