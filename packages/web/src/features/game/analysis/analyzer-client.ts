import type { AnalyzerMove } from '@tessera/engine';
import type { AnalyzerReply, AnalyzerRequest } from './analyzer.worker.ts';
import type { AnalyzerPosition } from './examine.ts';

/** Runs analyses somewhere (a Web Worker in the browser; tests may run them in place). */
export interface AnalyzerEngine {
  analyze(graphUrl: string, position: AnalyzerPosition): Promise<AnalyzerMove[]>;
}

/** The analyzer in its own Web Worker, started on first use and kept for the page's life. */
class WorkerAnalyzer implements AnalyzerEngine {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (m: AnalyzerMove[]) => void; reject: (e: Error) => void }
  >();

  analyze(graphUrl: string, position: AnalyzerPosition): Promise<AnalyzerMove[]> {
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
        if ('moves' in e.data) waiting.resolve(e.data.moves);
        else waiting.reject(new Error(e.data.error));
      };
    }
    const id = this.nextId++;
    const request: AnalyzerRequest = { id, graphUrl, position };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage(request);
    });
  }
}

let shared: AnalyzerEngine | null = null;

export function workerAnalyzer(): AnalyzerEngine {
  shared ??= new WorkerAnalyzer();
  return shared;
}
