/**
 * The analyzer's Web Worker: loads the lexicon graph once per URL and runs
 * the engine's analyzer on positions the page sends, so move generation
 * never blocks the board.
 */
import { Lexicon, type AnalyzerMove } from '@tessera/engine';
import type { AnalyzerPosition } from './examine.ts';
import { runAnalysis } from './run-analysis.ts';

export interface AnalyzerRequest {
  id: number;
  graphUrl: string;
  position: AnalyzerPosition;
}

export type AnalyzerReply = { id: number; moves: AnalyzerMove[] } | { id: number; error: string };

const lexicons = new Map<string, Promise<Lexicon>>();

function lexicon(url: string): Promise<Lexicon> {
  let found = lexicons.get(url);
  if (!found) {
    found = fetch(url, { credentials: 'same-origin' }).then(async (r) => {
      if (!r.ok) throw new Error(`The word list could not be loaded (${r.status}).`);
      return Lexicon.fromBytes(await r.arrayBuffer());
    });
    found.catch(() => lexicons.delete(url));
    lexicons.set(url, found);
  }
  return found;
}

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<AnalyzerRequest>) => void) | null;
  postMessage(reply: AnalyzerReply): void;
};

scope.onmessage = (e) => {
  const { id, graphUrl, position } = e.data;
  lexicon(graphUrl)
    .then((lex) => runAnalysis(lex, position))
    .then(
      (moves) => scope.postMessage({ id, moves }),
      (err: unknown) =>
        scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
    );
};
