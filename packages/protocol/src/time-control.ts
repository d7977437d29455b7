/**
 * Time classes (docs/product/gameplay.md §9): the class of a time control is decided
 * by initial seconds + 60 × max overtime minutes + 16 × increment seconds.
 */
export type TimeClass = 'ultrablitz' | 'blitz' | 'rapid' | 'regular' | 'corres';

export const ULTRABLITZ_MAX = 120;
export const BLITZ_MAX = 360;
export const RAPID_MAX = 840;

export function timeClass(
  initialSeconds: number,
  maxOvertimeMinutes: number,
  incrementSeconds: number,
  correspondence = false,
): TimeClass {
  if (correspondence) return 'corres';
  const total = initialSeconds + 60 * maxOvertimeMinutes + 16 * incrementSeconds;
  if (total <= ULTRABLITZ_MAX) return 'ultrablitz';
  if (total <= BLITZ_MAX) return 'blitz';
  if (total <= RAPID_MAX) return 'rapid';
  return 'regular';
}

export const TIME_CLASS_LABELS: Record<TimeClass, string> = {
  ultrablitz: 'Ultra-Blitz',
  blitz: 'Blitz',
  rapid: 'Rapid',
  regular: 'Regular',
  corres: 'Correspondence',
};

/** The key ratings are kept under: lexicon.variant.timeclass, e.g. "ENABLE2K.classic.blitz". */
export function ratingKey(lexicon: string, variant: string, cls: TimeClass): string {
  return `${lexicon}.${variant}.${cls}`;
}
