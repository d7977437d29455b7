/**
 * The analyzer's Web Worker: loads the lexicon graph once per URL and runs
 * the engine's analyzer on positions the page sends, and its evaluation on
 * finished games, so move generation never blocks the board.
 */
import { Lexicon } from '@tessera/engine';
import type { AnalyzerMove, GameEvaluation } from '@tessera/engine/ai';
import type { AnalyzerPosition } from './examine.ts';
import { runAnalysis, runEvaluation } from './run-analysis.ts';

/** A position to analyze, or a finished game (its GCG record) to evaluate. */
export type AnalyzerRequest = { id: number; graphUrl: string } & (
  { position: AnalyzerPosition } | { gcg: string; lexicon: string }
);

export type AnalyzerReply =
  | { id: number; moves: AnalyzerMove[] }
  | { id: number; evaluation: GameEvaluation }
  | { id: number; error: string };

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
  const request = e.data;
  const { id } = request;
  const failed = (err: unknown) =>
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  const lex = lexicon(request.graphUrl);
  if ('position' in request) {
    lex
      .then((l) => runAnalysis(l, request.position))
      .then((moves) => scope.postMessage({ id, moves }), failed);
  } else {
    lex
      .then((l) => runEvaluation(l, request.gcg, request.lexicon))
      .then((evaluation) => scope.postMessage({ id, evaluation }), failed);
  }
};
