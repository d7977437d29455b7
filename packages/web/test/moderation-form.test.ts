import { ModActionType } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';
import { checkModForm, SHORT_DURATION_HOURS } from '../src/features/moderation/mod-form.ts';

/** The moderation form's checks (docs/product/community.md §5 Moderation form). */
describe('the moderation form', () => {
  const base = { type: ModActionType.MUTE, hours: '2', note: '', emailType: 0 };
  it('needs an action, a duration of 0 to 4320 hours and a note of at most 200 characters', () => {
    expect(checkModForm({ ...base, type: '' }).errors.type).toBe('Action is required');
    expect(checkModForm({ ...base, hours: '4321' }).errors.hours).toMatch(/between 0 and 4320/);
    expect(checkModForm({ ...base, hours: '-1' }).errors.hours).toMatch(/between 0 and 4320/);
    expect(checkModForm({ ...base, hours: 'abc' }).errors.hours).toBe('Duration must be a number');
    expect(checkModForm({ ...base, note: 'x'.repeat(201) }).errors.note).toMatch(/200/);
    expect(checkModForm({ ...base, note: 'x'.repeat(200) }).errors).toEqual({});
  });
  it('sends hours as seconds, rounded; 0 is indefinite; the short duration is about a second', () => {
    expect(checkModForm(base).seconds).toBe(7200);
    expect(checkModForm({ ...base, hours: '0' }).seconds).toBe(0);
    expect(checkModForm({ ...base, hours: '0.5001' }).seconds).toBe(1800);
    expect(checkModForm({ ...base, hours: String(SHORT_DURATION_HOURS) }).seconds).toBe(1);
  });
});
