import { ERRORS } from '@tessera/protocol';

/**
 * Client-side checks of the registration and login forms
 * (docs/product/community.md §5, §9). The server checks the same rules again; the
 * texts come from the shared error catalogue where it has them, so both sides
 * say the same words.
 */

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const PASSWORD_MIN_LENGTH = 8;
export const BIRTH_YEAR_MIN = 1900;

export const MESSAGES = {
  usernameRequired: ERRORS.USERNAME_REQUIRED.text,
  usernameTooShort: ERRORS.USERNAME_TOO_SHORT.text,
  usernameTooLong: ERRORS.USERNAME_TOO_LONG.text,
  usernameCharacters: ERRORS.USERNAME_CHARACTERS.text,
  usernameEnds: ERRORS.USERNAME_ENDS.text,
  emailRequired: ERRORS.EMAIL_REQUIRED.text,
  emailInvalid: ERRORS.EMAIL_INVALID.text,
  passwordRequired: ERRORS.PASSWORD_REQUIRED.text,
  passwordTooShort: ERRORS.PASSWORD_TOO_SHORT.text,
  birthDate: ERRORS.BIRTH_DATE_INVALID.text,
  terms: 'You must agree to this condition',
  loginUsernameRequired: 'Please input your username!',
  loginPasswordRequired: 'Please input your password!',
} as const;

const USERNAME_CHARACTERS = /^[A-Za-z0-9._-]*$/;
const LETTER_OR_DIGIT = /[A-Za-z0-9]/;
// One @, something before it, a dotted domain after it, no spaces (the server's rule too).
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const EMAIL_MAX_LENGTH = 254;

/** Returns the first rule the username breaks, in the order the spec lists them. */
export function usernameError(username: string): string | undefined {
  if (username === '') return MESSAGES.usernameRequired;
  if (username.length < USERNAME_MIN_LENGTH) return MESSAGES.usernameTooShort;
  if (username.length > USERNAME_MAX_LENGTH) return MESSAGES.usernameTooLong;
  if (!USERNAME_CHARACTERS.test(username)) return MESSAGES.usernameCharacters;
  if (!LETTER_OR_DIGIT.test(username[0]) || !LETTER_OR_DIGIT.test(username.at(-1)!)) {
    return MESSAGES.usernameEnds;
  }
  return undefined;
}

export function emailError(email: string): string | undefined {
  if (email.trim() === '') return MESSAGES.emailRequired;
  const trimmed = email.trim();
  if (trimmed.length > EMAIL_MAX_LENGTH || !EMAIL.test(trimmed)) return MESSAGES.emailInvalid;
  return undefined;
}

export function passwordError(password: string): string | undefined {
  if (password === '') return MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  return undefined;
}

export interface BirthDateParts {
  /** Four-digit year, month 1-12 and day 1-31 as the pickers hold them ('' when unset). */
  year: string;
  month: string;
  day: string;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The date as YYYY-MM-DD, or undefined when it is not a real calendar date. */
export function formatBirthDate({ year, month, day }: BirthDateParts): string | undefined {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d)) return undefined;
  if (y < BIRTH_YEAR_MIN || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Today in the user's own calendar, as YYYY-MM-DD. */
export function localIsoDate(today: Date): string {
  const y = today.getFullYear();
  const m = String(today.getMonth() + 1).padStart(2, '0');
  const d = String(today.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function birthDateError(
  parts: BirthDateParts,
  today: Date = new Date(),
): string | undefined {
  const date = formatBirthDate(parts);
  if (date === undefined || date > localIsoDate(today)) return MESSAGES.birthDate;
  return undefined;
}

export interface RegistrationForm {
  email: string;
  username: string;
  password: string;
  birthDate: BirthDateParts;
  firstName: string;
  lastName: string;
  countryCode: string;
  agreedToTerms: boolean;
}

export type RegistrationErrors = Partial<
  Record<'email' | 'username' | 'password' | 'birthDate' | 'agreedToTerms', string>
>;

export function validateRegistration(
  form: RegistrationForm,
  today: Date = new Date(),
): RegistrationErrors {
  const errors: RegistrationErrors = {
    email: emailError(form.email),
    username: usernameError(form.username),
    password: passwordError(form.password),
    birthDate: birthDateError(form.birthDate, today),
    agreedToTerms: form.agreedToTerms ? undefined : MESSAGES.terms,
  };
  return dropEmpty(errors);
}

export type LoginErrors = Partial<Record<'username' | 'password', string>>;

/** The login modal only checks presence; the server judges the rest. */
export function validateLogin(form: { username: string; password: string }): LoginErrors {
  return dropEmpty({
    username: form.username.trim() === '' ? MESSAGES.loginUsernameRequired : undefined,
    password: form.password === '' ? MESSAGES.loginPasswordRequired : undefined,
  });
}

function dropEmpty<T extends Record<string, string | undefined>>(errors: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(errors).filter(([, v]) => v !== undefined),
  ) as Partial<T>;
}
