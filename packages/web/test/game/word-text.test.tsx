import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WordText } from '../../src/features/game/panels/WordText.tsx';

describe('a word on the score card', () => {
  it('shows a blank as a lowercase letter, marked, and fills in squares played through', () => {
    const { container } = render(<WordText word="Qa.D" through={['I']} />);
    expect(container.textContent).toBe('QaID');
    const blank = container.querySelector('.word-blank');
    expect(blank?.textContent).toBe('a');
    expect(blank?.getAttribute('title')).toBe('blank');
  });
});
