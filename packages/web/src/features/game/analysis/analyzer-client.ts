import type { AnalyzerMove, GameEvaluation } from '@tessera/engine/ai';
import type { AnalyzerReply, AnalyzerRequest } from './analyzer.worker.ts';
import type { AnalyzerPosition } from './examine.ts';

/** Runs analyses somewhere (a Web Worker in the browser; tests may run them in place). */
export interface AnalyzerEngine {
  analyze(graphUrl: string, position: AnalyzerPosition): Promise<AnalyzerMove[]>;
  /** A bot's evaluation of a finished game from its GCG record. */
  evaluate(graphUrl: string, gcg: string, lexicon: string): Promise<GameEvaluation>;
}

type Waiting = { resolve: (reply: AnalyzerReply) => void; reject: (e: Error) => void };

/** The analyzer in its own Web Worker, started on first use and kept for the page's life. */
class WorkerAnalyzer implements AnalyzerEngine {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Waiting>();

  async analyze(graphUrl: string, position: AnalyzerPosition): Promise<AnalyzerMove[]> {
    const reply = await this.ask({ id: this.nextId++, graphUrl, position });
    if (!('moves' in reply)) throw new Error('The analyzer gave no moves.');
    return reply.moves;
  }

  async evaluate(graphUrl: string, gcg: string, lexicon: string): Promise<GameEvaluation> {
    const reply = await this.ask({ id: this.nextId++, graphUrl, gcg, lexicon });
    if (!('evaluation' in reply)) throw new Error('The analyzer gave no evaluation.');
    return reply.evaluation;
  }

  private ask(request: AnalyzerRequest): Promise<AnalyzerReply> {
    if (typeof Worker === 'undefined') {
      return Promise.reject(new Error('The analyzer needs a browser with Web Workers.'));
    }
    if (!this.worker) {
      this.worker = new Worker(new URL('./analyzer.worker.ts', import.meta.url), {
        type: 'module',
      });
      this.worker.onmessage = (e: MessageEvent<AnalyzerReply>) => {
        const waiting = this.pending.get(e.data.id);
        if (!waiting) return;
        this.pending.delete(e.data.id);
        if ('error' in e.data) waiting.reject(new Error(e.data.error));
        else waiting.resolve(e.data);
      };
    }
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.worker!.postMessage(request);
    });
  }
}

let shared: AnalyzerEngine | null = null;

export function workerAnalyzer(): AnalyzerEngine {
  shared ??= new WorkerAnalyzer();
  return shared;
}
