import { describe, expect, it } from 'vitest';
import {
  birthDateError,
  emailError,
  passwordError,
  usernameError,
  validateLogin,
  validateRegistration,
} from '../src/features/auth/validation.ts';

describe('registration rules (docs/product/community.md §5)', () => {
  it('tells the user what is wrong with a username, one rule at a time', () => {
    expect(usernameError('')).toBe('Please input your username');
    expect(usernameError('ab')).toBe('Min username length is 3');
    expect(usernameError('a'.repeat(21))).toBe('Max username length is 20');
    expect(usernameError('bad name')).toBe('Valid characters are A-Z a-z 0-9 . _ -');
    expect(usernameError('ünïcode')).toBe('Valid characters are A-Z a-z 0-9 . _ -');
    expect(usernameError('.dotty')).toBe('Username must start and end with a letter or digit');
    expect(usernameError('dashy-')).toBe('Username must start and end with a letter or digit');
  });

  it('accepts usernames of 3 to 20 letters, digits, dots, underscores and hyphens', () => {
    for (const ok of ['abc', 'a'.repeat(20), 'Jo.Ann_B-2', '007']) {
      expect(usernameError(ok)).toBeUndefined();
    }
  });

  it('asks for an e-mail address and rejects ones that cannot be', () => {
    expect(emailError('')).toBe("We need your email. We won't spam you");
    expect(emailError('   ')).toBe("We need your email. We won't spam you");
    for (const bad of ['nope', 'a@b', 'a b@c.de', 'a@@b.cd', 'a@b..cd']) {
      expect(emailError(bad)).toBe('This is not a valid email');
    }
    expect(emailError('player@example.org')).toBeUndefined();
  });

  it('wants passwords of at least 8 characters', () => {
    expect(passwordError('1234567')).toBe('Password should be at least 8 characters');
    expect(passwordError('12345678')).toBeUndefined();
  });

  it('takes only real, past calendar dates of birth', () => {
    const today = new Date(2026, 5, 15);
    const message = 'Please input your birth date';
    expect(birthDateError({ year: '', month: '', day: '' }, today)).toBe(message);
    expect(birthDateError({ year: '2001', month: '2', day: '' }, today)).toBe(message);
    expect(birthDateError({ year: '2023', month: '2', day: '29' }, today)).toBe(message);
    expect(birthDateError({ year: '2024', month: '2', day: '29' }, today)).toBeUndefined();
    expect(birthDateError({ year: '2026', month: '6', day: '15' }, today)).toBeUndefined();
    expect(birthDateError({ year: '2026', month: '6', day: '16' }, today)).toBe(message);
    expect(birthDateError({ year: '1899', month: '12', day: '31' }, today)).toBe(message);
  });

  it('reports every missing field of an empty form, including the terms', () => {
    const errors = validateRegistration({
      email: '',
      username: '',
      password: '',
      birthDate: { year: '', month: '', day: '' },
      firstName: '',
      lastName: '',
      countryCode: '',
      agreedToTerms: false,
    });
    expect(errors).toEqual({
      email: "We need your email. We won't spam you",
      username: 'Please input your username',
      password: 'Please input your password!',
      birthDate: 'Please input your birth date',
      agreedToTerms: 'You must agree to this condition',
    });
  });

  it('finds nothing wrong with a complete form; names and country are optional', () => {
    expect(
      validateRegistration({
        email: 'a@b.co',
        username: 'alice',
        password: 'long enough',
        birthDate: { year: '1990', month: '1', day: '31' },
        firstName: '',
        lastName: '',
        countryCode: '',
        agreedToTerms: true,
      }),
    ).toEqual({});
  });
});

describe('login form rules', () => {
  it('asks for both username and password', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({
      username: 'Please input your username!',
      password: 'Please input your password!',
    });
    expect(validateLogin({ username: 'alice', password: 'x' })).toEqual({});
  });
});
