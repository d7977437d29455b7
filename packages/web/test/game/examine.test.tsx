import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Lexicon, parseTiles, resign, letterSet } from '@tessera/engine';
import { describe, expect, it } from 'vitest';
import { runAnalysis, runEvaluation } from '../../src/features/game/analysis/run-analysis.ts';
import type { AnalyzerEngine } from '../../src/features/game/analysis/analyzer-client.ts';
import { engineGame, historyOf, renderRoom } from './fixtures.tsx';

const WORDS = [
  'AT',
  'TA',
  'CAT',
  'ATE',
  'EAT',
  'TEA',
  'ACE',
  'CATS',
  'SAT',
  'SEA',
  'TEE',
  'ET',
  'TE',
  'ATES',
];

const english = letterSet('english');
const lexicon = Lexicon.compile(
  WORDS.map((w) => {
    const t = parseTiles(english, w, 'rack');
    if (!t.ok) throw new Error(w);
    return t.value;
  }),
  { name: 'TEST', letterSet: 'english' },
);

/** The analyzer run in place (the browser runs the same function in a Web Worker). */
const inPlace: AnalyzerEngine = {
  analyze: async (_url, p) => runAnalysis(lexicon, p),
  evaluate: async (_url, gcg, name) => runEvaluation(lexicon, gcg, name),
};

function finishedGame() {
  const g = engineGame({ moves: ['8H CAT', 'J7 A.E'] });
  resign(g, 0);
  return g;
}

const location = () => screen.getByTestId('location').textContent;

describe('examine mode', () => {
  it('opens at ?turn=, steps through the turns keeping the URL in step, and Escape leaves it', async () => {
    const user = userEvent.setup();
    const room = await renderRoom({ path: '/game/g1?turn=2', visitor: true, analyzer: inPlace });
    room.deliverHistory(historyOf(finishedGame(), -1));
    const bar = await screen.findByRole('toolbar', { name: 'Examine' });
    expect(within(bar).getByText('Turn 2/4')).toBeTruthy();
    const cell = (name: string) =>
      screen.getByRole('gridcell', { name: new RegExp(`^${name},`) }).getAttribute('aria-label');
    expect(cell('H8')).toMatch(/^H8, C/);
    expect(cell('J7')).toMatch(/^J7, (empty|double)/);

    await user.click(within(bar).getByRole('button', { name: 'Next turn' }));
    expect(location()).toBe('/game/g1?turn=3');
    expect(cell('J7')).toMatch(/^J7, A/);
    await user.click(within(bar).getByRole('button', { name: 'First turn' }));
    expect(location()).toBe('/game/g1?turn=1');
    expect(cell('H8')).toMatch(/^H8, (empty|centre|double)/);
    await user.keyboard('{ArrowRight}');
    expect(location()).toBe('/game/g1?turn=2');
    await user.type(within(bar).getByRole('spinbutton', { name: 'Go to turn' }), '4');
    await user.click(within(bar).getByRole('button', { name: 'Go' }));
    expect(location()).toBe('/game/g1?turn=4');

    await user.keyboard('{Escape}');
    expect(location()).toBe('/game/g1');
    const controls = screen.getByRole('toolbar', { name: 'Game controls' });
    await user.click(within(controls).getByRole('button', { name: 'Analyze' }));
    expect(location()).toBe('/game/g1?turn=4');
  });

  it('analyzes the examined position: coordinates, move, score, leave and equity, the move made marked', async () => {
    const room = await renderRoom({ path: '/game/g1?turn=2', visitor: true, analyzer: inPlace });
    room.deliverHistory(historyOf(finishedGame(), -1));
    const analyzer = await screen.findByRole('region', { name: 'Analyzer' });
    const table = await within(analyzer).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Coordinates', 'Move', 'Score', 'Leave', 'Equity']);
    const played = within(table).getByTitle('The move made in the game').closest('tr')!;
    expect(played.textContent).toMatch(/^J7ATE/);
    expect(within(analyzer).getByRole('checkbox', { name: 'Auto' })).toBeTruthy();
  });

  it('evaluates the finished game on request: each player’s losses, bingos and star plays', async () => {
    const user = userEvent.setup();
    const room = await renderRoom({ path: '/game/g1?turn=2', visitor: true, analyzer: inPlace });
    room.deliverHistory(historyOf(finishedGame(), -1));
    const card = await screen.findByRole('region', { name: 'Bot evaluation' });
    expect(within(card).queryByRole('table')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Evaluate game' }));
    const table = await within(card).findByRole('table');
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads.slice(1)).toEqual(['ann', 'bob']);
    const row = (label: string) =>
      within(table).getByRole('rowheader', { name: label }).closest('tr')!.querySelectorAll('td');
    // Each player made one move from a known rack.
    expect(Array.from(row('Moves evaluated'), (c) => c.textContent)).toEqual(['1', '1']);
    for (const label of ['Equity loss', 'Win % loss', 'Missed bingos', 'Star plays missed'])
      for (const c of row(label)) expect(Number(c.textContent)).toBeGreaterThanOrEqual(0);
    expect(within(card).queryByRole('button', { name: 'Evaluate game' })).toBeNull();
  });

  it('is not offered to a player while their game is on', async () => {
    const room = await renderRoom({ path: '/game/g1?turn=2' });
    room.deliverHistory(historyOf(engineGame({ moves: ['8H CAT'] }), 0));
    await screen.findByRole('list', { name: 'Your rack' });
    expect(screen.queryByRole('toolbar', { name: 'Examine' })).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole('toolbar', { name: 'Game controls' })).toBeTruthy(),
    );
  });
});
