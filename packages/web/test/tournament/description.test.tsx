import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DescriptionText } from '../../src/features/tournament/DescriptionText.tsx';

/** Tournament descriptions: a safe markdown subset (issue 36 item 18). */
describe('a tournament description', () => {
  it('renders bold, italics, http(s) links, paragraphs and lists', () => {
    const { container } = render(
      <DescriptionText
        text={[
          'Welcome to the **Spring Open**, a *friendly* _rated_ event.',
          'Rules: [NASPA](https://www.scrabbleplayers.org/) apply.',
          '',
          '- Round 1 at **9:00**',
          '- Lunch at noon',
          '',
          '1. Check in',
          '2. Play',
        ].join('\n')}
      />,
    );
    expect(screen.getByText('Spring Open').tagName).toBe('STRONG');
    expect(screen.getByText('friendly').tagName).toBe('EM');
    expect(screen.getByText('rated').tagName).toBe('EM');
    const link = screen.getByRole('link', { name: 'NASPA' });
    expect(link.getAttribute('href')).toBe('https://www.scrabbleplayers.org/');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(container.querySelectorAll('p')).toHaveLength(1);
    expect(container.querySelector('p br')).not.toBeNull();
    expect([...container.querySelectorAll('ul li')].map((li) => li.textContent)).toEqual([
      'Round 1 at 9:00',
      'Lunch at noon',
    ]);
    expect(screen.getByText('9:00').tagName).toBe('STRONG');
    expect([...container.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual([
      'Check in',
      'Play',
    ]);
    expect(container.textContent).not.toContain('*');
  });

  it('never makes markup or a non-web link of what the director typed', () => {
    const { container } = render(
      <DescriptionText
        text={
          '<img src=x onerror=alert(1)> [click](javascript:alert(1)) [mail](mailto:a@b.c) snake_case_name 5 * 3 * 4'
        }
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe(
      '<img src=x onerror=alert(1)> [click](javascript:alert(1)) [mail](mailto:a@b.c) snake_case_name 5 * 3 * 4',
    );
  });
});
