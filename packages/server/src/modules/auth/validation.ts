import type { ErrorKey } from '@tessera/protocol';

/**
 * Registration rules of docs/product/community.md §5 and §9, checked in the order a
 * user fills the form so the first problem is the one reported.
 */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const NAME_MAX = 50;
export const EARLIEST_BIRTH_YEAR = 1900;
/** Younger than this on the day they register, an account is flagged as a child's. */
export const CHILD_AGE_YEARS = 13;

export interface Registration {
  username: string;
  password: string;
  email: string;
  birthDate: string;
  firstName: string;
  lastName: string;
  countryCode: string;
}

export function validateUsername(username: string): ErrorKey | undefined {
  if (username.length === 0) return 'USERNAME_REQUIRED';
  if (username.length < USERNAME_MIN) return 'USERNAME_TOO_SHORT';
  if (username.length > USERNAME_MAX) return 'USERNAME_TOO_LONG';
  if (!/^[A-Za-z0-9._-]+$/.test(username)) return 'USERNAME_CHARACTERS';
  if (!/^[A-Za-z0-9](.*[A-Za-z0-9])?$/.test(username)) return 'USERNAME_ENDS';
  return undefined;
}

// One @, something before it, a dotted domain after it, no spaces.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function validateEmail(email: string): ErrorKey | undefined {
  if (email.trim().length === 0) return 'EMAIL_REQUIRED';
  if (email.length > 254 || !EMAIL.test(email)) return 'EMAIL_INVALID';
  return undefined;
}

export function validatePassword(password: string): ErrorKey | undefined {
  if (password.length === 0) return 'PASSWORD_REQUIRED';
  if (password.length < PASSWORD_MIN) return 'PASSWORD_TOO_SHORT';
  return undefined;
}

/** YYYY-MM-DD naming a real calendar day between 1900-01-01 and today. */
export function parseBirthDate(value: string, today = new Date()): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return undefined;
  }
  if (y < EARLIEST_BIRTH_YEAR || date.getTime() > today.getTime()) return undefined;
  return date;
}

export function isChild(birth: Date, today = new Date()): boolean {
  const limit = new Date(
    Date.UTC(today.getUTCFullYear() - CHILD_AGE_YEARS, today.getUTCMonth(), today.getUTCDate()),
  );
  return birth.getTime() > limit.getTime();
}

export function validateRegistration(r: Registration, today = new Date()): ErrorKey | undefined {
  return (
    validateEmail(r.email) ??
    validateUsername(r.username) ??
    validatePassword(r.password) ??
    (parseBirthDate(r.birthDate, today) ? undefined : 'BIRTH_DATE_INVALID') ??
    (r.firstName.length > NAME_MAX || r.lastName.length > NAME_MAX ? 'NAME_TOO_LONG' : undefined) ??
    (r.countryCode === '' || /^[A-Za-z]{2}$/.test(r.countryCode) ? undefined : 'COUNTRY_INVALID')
  );
}
