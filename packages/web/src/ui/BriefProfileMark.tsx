import { countryFlag } from '@tessera/protocol';
import { useOptionalServices } from '../app/services.tsx';
import { useBriefProfile } from '../stores/brief-profiles.ts';

/**
 * A player's small avatar and country flag beside their name (chat lines,
 * player cards, lists), from their brief profile. Nothing while it loads or
 * when they set neither.
 */
export function BriefProfileMark(props: { userId: string; size?: number }) {
  // A panel rendered on its own (without the app's services) shows names alone.
  return useOptionalServices() ? <Mark {...props} /> : null;
}

function Mark({ userId, size = 20 }: { userId: string; size?: number }) {
  const brief = useBriefProfile(userId || undefined);
  if (!brief) return null;
  const flag = countryFlag(brief.countryCode);
  return (
    <span className="brief-mark">
      {brief.avatarUrl && (
        <img
          className="brief-avatar"
          src={brief.avatarUrl}
          alt=""
          width={size}
          height={size}
          data-testid={`avatar-${brief.username}`}
        />
      )}
      {flag && (
        <span className="brief-flag" role="img" aria-label={brief.countryCode.toUpperCase()}>
          {flag}
        </span>
      )}
    </span>
  );
}
