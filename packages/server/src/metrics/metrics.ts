import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Bus } from '../bus/index.ts';

/** Where the gauges read their figures at scrape time. */
export interface MetricSources {
  sockets(): number;
  realms(): number;
  gamesInProgress(): Promise<number>;
}

/**
 * The operators' figures in Prometheus' text format (prom-client; decision
 * 0141). One registry per server, so several servers in one test process
 * keep their own counts. Node's own figures (event-loop delay, heap, GC,
 * CPU) come from the library's default collectors.
 */
export class Metrics {
  readonly registry = new Registry();
  /** A gameplay message from its arrival to its answer (committed and broadcast, or refused). */
  readonly moveSeconds = new Histogram({
    name: 'tessera_move_seconds',
    help: 'Gameplay message handling time, from arrival to commit and broadcast or refusal',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  /** Changes written by one database transaction (group commit writes several). */
  readonly batchSize = new Histogram({
    name: 'tessera_transaction_changes',
    help: 'Changes (moves and other domain changes) committed by one transaction',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128],
    registers: [this.registry],
  });
  readonly transactionSeconds = new Histogram({
    name: 'tessera_db_transaction_seconds',
    help: 'Time of a domain transaction, from BEGIN to COMMIT or ROLLBACK',
    labelNames: ['outcome'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });
  readonly busMessages = new Counter({
    name: 'tessera_bus_messages_total',
    help: 'Messages this process published on or received from the bus',
    labelNames: ['direction'] as const,
    registers: [this.registry],
  });

  /** `counting` false (METRICS=off, a diagnostic): without Node's default collectors. */
  constructor(sources: MetricSources, counting = true) {
    if (counting) collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'tessera_sockets',
      help: 'Open websockets on this process',
      registers: [this.registry],
      collect() {
        this.set(sources.sockets());
      },
    });
    new Gauge({
      name: 'tessera_realms',
      help: 'Realms (pages, game rooms, lobby) with a socket on this process',
      registers: [this.registry],
      collect() {
        this.set(sources.realms());
      },
    });
    new Gauge({
      name: 'tessera_games_in_progress',
      help: 'Games not yet over, on every process (read from the database)',
      registers: [this.registry],
      async collect() {
        this.set(await sources.gamesInProgress());
      },
    });
  }

  /** The text a scrape is answered with, and its content type. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }

  /** The bus, counting what goes out and what comes in. */
  countBus(bus: Bus): Bus {
    const sent = this.busMessages.labels('published');
    const received = this.busMessages.labels('received');
    return {
      kind: bus.kind,
      publish(subject, data) {
        sent.inc();
        bus.publish(subject, data);
      },
      subscribe(subject, handler) {
        return bus.subscribe(subject, (s, d) => {
          received.inc();
          handler(s, d);
        });
      },
      flush: () => bus.flush(),
      close: () => bus.close(),
    };
  }
}
