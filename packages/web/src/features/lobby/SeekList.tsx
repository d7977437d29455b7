import { useState } from 'react';
import { useLobby } from '../../stores/use-lobby.ts';
import { NameTags } from '../social/index.ts';
import { challengeRuleTag, variantLabel } from './constants.ts';
import { extraTimeText, mainTimeText, ratingText, timeClassLabel } from './format.ts';
import type { SoughtGame } from '../../stores/lobby-store.ts';
import { AcceptSeekDialog, CancelSeekDialog } from './SeekDialogs.tsx';

/**
 * Open seeks (docs/product/gameplay.md §2 "Lobby"): one's own can be cancelled after a
 * confirmation; another's opens the accept dialog. Each row is one button.
 */
export function SeekList({
  seeks,
  me,
  empty,
  label,
}: {
  seeks: readonly SoughtGame[];
  me: string;
  empty: string;
  label: string;
}) {
  const { ratings } = useLobby();
  const [accepting, setAccepting] = useState<SoughtGame | null>(null);
  const [cancelling, setCancelling] = useState<SoughtGame | null>(null);
  if (seeks.length === 0) return <p className="empty-list">{empty}</p>;
  return (
    <>
      <div className="seek-list-head" aria-hidden="true">
        <span>Player</span>
        <span>Dictionary</span>
        <span>Time</span>
        <span>Game</span>
      </div>
      <ul className="seek-list" aria-label={label}>
        {seeks.map((s) => {
          const mine = s.seekerId === me;
          return (
            <li key={s.id}>
              <SeekRow
                seek={s}
                mine={mine}
                onClick={() => (mine ? setCancelling(s) : setAccepting(s))}
              />
            </li>
          );
        })}
      </ul>
      {accepting && (
        <AcceptSeekDialog seek={accepting} ratings={ratings} onClose={() => setAccepting(null)} />
      )}
      {cancelling && <CancelSeekDialog seek={cancelling} onClose={() => setCancelling(null)} />}
    </>
  );
}

export function seekAriaLabel(s: SoughtGame, mine: boolean): string {
  const what = [
    s.lexicon,
    variantLabel(s.variant),
    `${mainTimeText(s)} ${extraTimeText(s)}`,
    s.rated ? 'rated' : 'casual',
    `${challengeRuleTag(s.challengeRule)} challenge`,
  ].join(', ');
  if (mine) {
    return s.receiverIsPermanent
      ? `Cancel your match request to ${s.receiver}: ${what}`
      : `Cancel your seek: ${what}`;
  }
  return `Play ${s.seeker}${s.userRating ? ` (${ratingText(s.userRating)})` : ''}: ${what}`;
}

function SeekRow({
  seek: s,
  mine,
  onClick,
}: {
  seek: SoughtGame;
  mine: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`seek-row${mine ? ' seek-row-mine' : ''}`}
      aria-label={seekAriaLabel(s, mine)}
      onClick={onClick}
    >
      <span className="seek-player">
        <span className="seek-name">
          {mine ? (s.receiverIsPermanent ? `You → ${s.receiver}` : 'You') : s.seeker}
        </span>
        {!mine && <NameTags userId={s.seekerId} username={s.seeker} plain />}
        <span className="rating">{ratingText(s.userRating)}</span>
      </span>
      <span className="seek-lexicon">
        {s.lexicon}
        {s.variant !== 'classic' && <span className="muted"> · {variantLabel(s.variant)}</span>}
      </span>
      <span className="seek-time">
        <span>{mainTimeText(s)}</span>
        <span className="muted">{extraTimeText(s)}</span>
      </span>
      <span className="seek-tags">
        <span className={`tag ${s.rated ? 'tag-rated' : 'tag-casual'}`}>
          {s.rated ? 'Rated' : 'Casual'}
        </span>
        <span className="tag" title={`${timeClassLabel(s)}`}>
          {challengeRuleTag(s.challengeRule)}
        </span>
        {mine && (
          <span className="tag tag-cancel">{s.receiverIsPermanent ? 'Waiting' : 'Cancel'}</span>
        )}
      </span>
    </button>
  );
}
