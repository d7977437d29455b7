import { describe, expect, it } from 'vitest';
import { ERRORS, errorMessage, renderError } from '../src/index.ts';

describe('error catalogue', () => {
  it('sends a code with parameters and shows the text with them substituted', () => {
    const wire = errorMessage('FRAME_TOO_LARGE', 70000, 65535);
    expect(wire).toBe('1013;70000;65535');
    expect(renderError(wire)).toBe('Frame too large: 70000 bytes (limit 65535)');
  });

  it('keeps the spec texts word for word', () => {
    expect(renderError(errorMessage('USERNAME_TOO_SHORT'))).toBe('Min username length is 3');
    expect(renderError(errorMessage('EMAIL_REQUIRED'))).toBe(
      "We need your email. We won't spam you",
    );
  });

  it('shows unknown codes and free text unchanged', () => {
    expect(renderError('9999;x')).toBe('9999;x');
    expect(renderError('It is not your turn.')).toBe('It is not your turn.');
  });

  it('gives every entry its own code', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('cannot be confused by a parameter holding a semicolon', () => {
    expect(renderError(errorMessage('NOT_FOUND', 'a;b'))).toBe('Not found: a,b');
  });
});
