import type { ChallengeRule } from '@tessera/engine';
import type { RequestView } from '../../../board/state/history-view.ts';

/** Challenge rule names of docs/product/gameplay.md §4. */
export const CHALLENGE_RULE_LABELS: Record<ChallengeRule, string> = {
  VOID: 'Void',
  SINGLE: 'Single (x1)',
  DOUBLE: 'Double (x2)',
  FIVE_POINT: 'Five point (+5)',
  TEN_POINT: 'Ten point (+10)',
  TRIPLE: 'Triple (x3)',
};

const VARIANTS: Record<string, string> = {
  classic: 'Classic',
  wordsmog: 'WordSmog',
  classic_super: 'Super (21×21)',
};

function timeControl(r: RequestView): string {
  if (r.correspondence) return 'Correspondence';
  const minutes = r.initialTimeSeconds / 60;
  const initial = Number.isInteger(minutes) ? `${minutes} min` : `${r.initialTimeSeconds} s`;
  const extra = r.incrementSeconds
    ? ` + ${r.incrementSeconds} s`
    : r.maxOvertimeMinutes
      ? ` + ${r.maxOvertimeMinutes} OT`
      : '';
  return `${initial}${extra}`;
}

/** The game info card: time control, variant, dictionary, challenge rule, rated or not. */
export function GameInfoCard({ request }: { request: RequestView }) {
  return (
    <section className="game-info" aria-label="Game information">
      <dl>
        <dt>Time</dt>
        <dd
          title={
            request.maxOvertimeMinutes ? `${request.maxOvertimeMinutes} min overtime` : undefined
          }
        >
          {timeControl(request)}
        </dd>
        <dt>Class</dt>
        <dd>{request.timeControlName}</dd>
        <dt>Variant</dt>
        <dd>{VARIANTS[request.variant] ?? request.variant}</dd>
        <dt>Dictionary</dt>
        <dd>{request.lexicon}</dd>
        <dt>Challenge</dt>
        <dd>{CHALLENGE_RULE_LABELS[request.challengeRule]}</dd>
        <dt>Mode</dt>
        <dd>{request.rated ? 'Rated' : 'Unrated'}</dd>
      </dl>
    </section>
  );
}
