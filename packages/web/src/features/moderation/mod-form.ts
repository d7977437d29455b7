import { ModActionType } from '@tessera/protocol';

/** The moderation form's limits (docs/product/community.md §5). */
export const MAX_HOURS = 4320;
export const MAX_NOTE = 200;
/** "Set short duration": about one second, in hours. */
export const SHORT_DURATION_HOURS = 1 / 3600;

export interface ModFormValues {
  type: ModActionType | '';
  hours: string;
  note: string;
  emailType: number;
}

export type ModFormErrors = Partial<Record<'type' | 'hours' | 'note', string>>;

/** The form's checks; a valid form gives the duration in seconds (hours × 3600, rounded). */
export function checkModForm(v: ModFormValues): { errors: ModFormErrors; seconds: number } {
  const errors: ModFormErrors = {};
  if (v.type === '') errors.type = 'Action is required';
  const hours = Number(v.hours);
  if (v.hours.trim() === '' || !Number.isFinite(hours)) errors.hours = 'Duration must be a number';
  else if (hours < 0 || hours > MAX_HOURS)
    errors.hours = `Duration must be between 0 and ${MAX_HOURS} hours`;
  if ([...v.note].length > MAX_NOTE) errors.note = `Note can be at most ${MAX_NOTE} characters`;
  return { errors, seconds: Number.isFinite(hours) ? Math.round(hours * 3600) : 0 };
}
