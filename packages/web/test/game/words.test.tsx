import type { ConnectRouter } from '@connectrpc/connect';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Lexicon, parseTiles, resign, letterSet } from '@tessera/engine';
import { WordService } from '@tessera/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runAnalysis, runEvaluation } from '../../src/features/game/analysis/run-analysis.ts';
import type { AnalyzerEngine } from '../../src/features/game/analysis/analyzer-client.ts';
import { DEFINITION_HIDE_MS } from '../../src/features/game/words/DefinedWord.tsx';
import { setPreferences } from '../../src/preferences/preferences.ts';
import { engineGame, historyOf, renderRoom } from './fixtures.tsx';

const english = letterSet('english');
const lexicon = Lexicon.compile(
  ['AT', 'TA', 'CAT', 'ATE', 'EAT', 'TEA', 'ACE', 'CATS', 'SAT', 'ET', 'TE'].map((w) => {
    const t = parseTiles(english, w, 'rack');
    if (!t.ok) throw new Error(w);
    return t.value;
  }),
  { name: 'TEST', letterSet: 'english' },
);
const inPlace: AnalyzerEngine = {
  analyze: async (_url, p) => runAnalysis(lexicon, p),
  evaluate: async (_url, gcg, name) => runEvaluation(lexicon, gcg, name),
};

const DEFINITIONS: Record<string, string> = {
  CAT: 'a small domesticated feline',
  ATE: 'past tense of eat',
};

function wordServer(asked: string[][]) {
  return (router: ConnectRouter) =>
    router.service(WordService, {
      getLexicons: () => ({ defaultLexicon: 'TEST', lexicons: [] }),
      defineWords(req) {
        asked.push([req.lexicon, ...req.words]);
        return {
          results: Object.fromEntries(
            req.words.map((w) => [
              w,
              { valid: w in DEFINITIONS, definition: DEFINITIONS[w] ?? '', anagrams: [] },
            ]),
          ),
        };
      },
    });
}

function finishedGame() {
  const g = engineGame({ moves: ['8H CAT', 'J7 A.E'] });
  resign(g, 0);
  return g;
}

describe('word definitions and equity loss', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    setPreferences({ showEquityLoss: false });
    vi.useRealTimers();
  });

  it('shows a word’s definition while hovered in the score card, asked once, and hides it a second after', async () => {
    const asked: string[][] = [];
    const room = await renderRoom({ visitor: true, extra: wordServer(asked) });
    room.deliverHistory(historyOf(finishedGame(), -1));
    const card = await screen.findByRole('region', { name: /^Turn/ });
    const cat = within(card).getByText('CAT').closest('.defined-word')!;
    fireEvent.mouseEnter(cat);
    const popup = await screen.findByRole('tooltip');
    await within(popup).findByText('a small domesticated feline');
    expect(asked).toEqual([[expect.any(String), 'CAT']]);
    vi.useFakeTimers();
    fireEvent.mouseLeave(cat);
    expect(screen.queryByRole('tooltip')).not.toBeNull();
    act(() => vi.advanceTimersByTime(DEFINITION_HIDE_MS));
    expect(screen.queryByRole('tooltip')).toBeNull();
    vi.useRealTimers();
    fireEvent.mouseEnter(cat);
    await within(await screen.findByRole('tooltip')).findByText('a small domesticated feline');
    expect(asked).toHaveLength(1);
  });

  it('defines the words of the analyzer’s moves, played-through letters included', async () => {
    const asked: string[][] = [];
    const room = await renderRoom({
      path: '/game/g1?turn=2',
      visitor: true,
      analyzer: inPlace,
      extra: wordServer(asked),
    });
    room.deliverHistory(historyOf(finishedGame(), -1));
    const analyzer = await screen.findByRole('region', { name: 'Analyzer' });
    const table = await within(analyzer).findByRole('table');
    const played = within(table).getByTitle('The move made in the game').closest('tr')!;
    fireEvent.mouseEnter(played.querySelector('.defined-word')!);
    const popup = await screen.findByRole('tooltip');
    await within(popup).findByText('past tense of eat');
    expect(asked.at(-1)?.slice(1)).toEqual(['ATE']);
  });

  it('shows equities relative to the best valid move under the equity loss setting', async () => {
    setPreferences({ showEquityLoss: true });
    const room = await renderRoom({ path: '/game/g1?turn=2', visitor: true, analyzer: inPlace });
    room.deliverHistory(historyOf(finishedGame(), -1));
    const analyzer = await screen.findByRole('region', { name: 'Analyzer' });
    const table = await within(analyzer).findByRole('table');
    expect(within(table).getAllByRole('columnheader').at(-1)?.textContent).toBe('Equity loss');
    await waitFor(() => {
      const losses = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => Number(r.lastElementChild?.textContent));
      expect(Math.max(...losses)).toBe(0);
      expect(losses.every((l) => l <= 0)).toBe(true);
    });
  });
});
