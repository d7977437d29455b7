import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Lexicon, tokenizeWord } from '@tessera/engine';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fakes.ts';
import { communityServer } from './lobby/harness.ts';
import { renderApp } from './render-app.tsx';

function graph(words: string[]): Uint8Array {
  return Lexicon.compile(
    words.map((w) => tokenizeWord('english', w)!),
    { name: 'ENABLE', letterSet: 'english' },
  ).toBytes();
}

/** Serves the compiled graph where the page looks for it (the default lexicon's conventional path). */
function serveGraph(bytes: Uint8Array) {
  const fetched: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input);
    fetched.push(url);
    if (url === '/lexica/ENABLE.tlx') return new Response(bytes.slice().buffer);
    return new Response('', { status: 404 });
  });
  return fetched;
}

function openPage(path: string) {
  renderApp(path, { transport: communityServer().transport });
  return userEvent.setup();
}

describe('the anagram drill', () => {
  beforeEach(() => {
    FakeSocket.made = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a rack of the chosen length and tells found, missed and wrong words', async () => {
    const fetched = serveGraph(
      graph(['STOP', 'POTS', 'TOPS', 'SPOT', 'OPTS', 'POST', 'CAT', 'ACT']),
    );
    const user = openPage('/anagrams');
    expect(await screen.findByRole('heading', { name: 'Anagrams' })).toBeDefined();
    expect(await screen.findByText('This lexicon has no words of 7 letters.')).toBeDefined();
    expect(fetched).toContain('/lexica/ENABLE.tlx');

    await user.selectOptions(screen.getByLabelText('Word length'), '4 letters');
    const rack = await screen.findByRole('list', { name: 'Rack' });
    const tiles = within(rack)
      .getAllByRole('listitem')
      .map((t) => t.textContent);
    expect(tiles.sort()).toEqual(['O', 'P', 'S', 'T']);

    await user.type(screen.getByLabelText('Your anagrams'), 'stop pots xyzz');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const result = screen.getByRole('region', { name: 'Result' });
    expect(result.textContent).toContain('Found 2 of 6.');
    expect(result.textContent).toContain('Found: POTS, STOP');
    expect(result.textContent).toContain('Missed: OPTS, POST, SPOT, TOPS');
    expect(result.textContent).toContain('Not valid: XYZZ');

    await user.click(screen.getByRole('button', { name: 'New rack' }));
    expect(screen.queryByRole('region', { name: 'Result' })).toBeNull();
    expect((screen.getByLabelText('Your anagrams') as HTMLTextAreaElement).value).toBe('');
  });

  it('says so when the word list cannot be downloaded', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 503 }));
    openPage('/anagrams');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The word list could not be loaded (503).',
    );
  });
});

describe('the spelling trainer', () => {
  beforeEach(() => {
    FakeSocket.made = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks about words and one-letter misspellings and keeps the score', async () => {
    serveGraph(graph(['CAT', 'DOG']));
    // Low draws: the first word (CAT) misspelt at its first letter with the
    // first letter of the alphabet (AAT).
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.1);
    const user = openPage('/spelling');
    expect(await screen.findByRole('heading', { name: 'Spelling trainer' })).toBeDefined();
    const word = await screen.findByLabelText('Word');
    expect(word.textContent).toBe('AAT');
    expect(screen.getByText('Score: 0 of 0')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Valid' }));
    expect(screen.getByRole('status').textContent).toBe('Wrong: AAT is not a word in ENABLE.');
    expect(screen.getByText('Score: 0 of 1')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Not a word' }).hasAttribute('disabled')).toBe(true);

    // High draws: the last word (DOG), shown as it is.
    random.mockReturnValue(0.9);
    await user.click(screen.getByRole('button', { name: 'Next word' }));
    expect(screen.getByLabelText('Word').textContent).toBe('DOG');
    await user.click(screen.getByRole('button', { name: 'Valid' }));
    expect(screen.getByRole('status').textContent).toBe('Right: DOG is a word in ENABLE.');
    await waitFor(() => expect(screen.getByText('Score: 1 of 2')).toBeDefined());
  });
});
