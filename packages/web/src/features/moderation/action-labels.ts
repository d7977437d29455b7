import { EmailType, ModActionType, NotoriousGameType } from '@tessera/protocol';
import { localTime } from '../../rpc/errors.ts';

/** The form's action choices, in the order offered (chat removal is done from a chat line). */
export const FORM_ACTIONS: { type: ModActionType; label: string }[] = [
  { type: ModActionType.MUTE, label: 'Mute' },
  { type: ModActionType.SUSPEND_ACCOUNT, label: 'Suspend account' },
  { type: ModActionType.SUSPEND_RATED_GAMES, label: 'Suspend rated games' },
  { type: ModActionType.SUSPEND_GAMES, label: 'Suspend games' },
  { type: ModActionType.RESET_RATINGS, label: 'Reset ratings' },
  { type: ModActionType.RESET_STATS, label: 'Reset stats' },
  { type: ModActionType.RESET_STATS_AND_RATINGS, label: 'Reset stats and ratings' },
  { type: ModActionType.DELETE_ACCOUNT, label: 'Delete account' },
];

/** Actions that last (a duration applies); the others are done once. */
export const LASTING = new Set([
  ModActionType.MUTE,
  ModActionType.SUSPEND_ACCOUNT,
  ModActionType.SUSPEND_RATED_GAMES,
  ModActionType.SUSPEND_GAMES,
]);

export function actionLabel(type: ModActionType): string {
  if (type === ModActionType.REMOVE_CHAT) return 'Remove chat';
  return FORM_ACTIONS.find((a) => a.type === type)?.label ?? String(type);
}

/** Email type choices of the form: Deletion exists but is not offered (§5). */
export const FORM_EMAIL_TYPES: { type: EmailType; label: string }[] = [
  { type: EmailType.DEFAULT, label: 'Default' },
  { type: EmailType.CHEATING, label: 'Cheating' },
];

export const NOTORIOUS_LABELS: Record<NotoriousGameType, string> = {
  [NotoriousGameType.GOOD]: 'Good',
  [NotoriousGameType.NO_PLAY]: 'No play',
  [NotoriousGameType.SITTING]: 'Sitting',
  [NotoriousGameType.SANDBAG]: 'Sandbagging',
  [NotoriousGameType.NO_PLAY_DENIED_NUDGE]: 'No play, nudge denied',
  [NotoriousGameType.EXCESSIVE_PHONIES]: 'Excessive phonies',
};

/** A date and time in the reader's own zone (as refusals naming an end show it). */
export const when = localTime;

/** A google.protobuf.Timestamp as epoch milliseconds (0 when absent). */
export const millis = (t: { seconds: bigint; nanos: number } | undefined): number =>
  t ? Number(t.seconds) * 1000 + Math.floor(t.nanos / 1e6) : 0;
