import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/cluster/cluster.ts';

const cli = join(dirname(fileURLToPath(import.meta.url)), '../../../cli/bin/tessera.mjs');
/** Linux reports process CPU time in clock ticks of 1/100 s. */
const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used so far (user + system); 0 when it is not running. */
export function cpuSecondsOf(pid: number | undefined): number {
  if (!pid) return 0;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND;
}

/** A process's resident memory in MiB; 0 when it is not running. */
export function rssMiBOf(pid: number | undefined): number {
  if (!pid) return 0;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * The server under load, as `tessera serve` in its own process, so the load
 * generator's event loop and the server's do not share a thread.
 */
export class ServerProcess {
  private readonly log: string[] = [];

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
  ) {
    child.stdout!.on('data', (d) => this.keep(String(d)));
    child.stderr!.on('data', (d) => this.keep(String(d)));
  }

  static async start(env: Record<string, string>, nodeArgs: string[]): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [...nodeArgs, cli, 'serve', '--no-build'], {
      env: {
        ...process.env,
        NATS_URL: '',
        DATABASE_URL: '',
        SMTP_URL: '',
        // Every simulated client comes from 127.0.0.1.
        SOCKETS_PER_ADDRESS: '100000',
        CONNECTIONS_PER_ADDRESS: '0',
        // The starter set of puzzles would play bot games during the measurement.
        PUZZLE_STARTER: '0',
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const s = new ServerProcess(child, `http://127.0.0.1:${port}`);
    await s.waitHealthy();
    return s;
  }

  /** The last lines the server printed (for error reports). */
  output(): string {
    return this.log.join('');
  }

  /** CPU seconds the server has used so far (user + system). */
  cpuSeconds(): number {
    return cpuSecondsOf(this.child.pid);
  }

  /** Resident memory in MiB. */
  rssMiB(): number {
    return rssMiBOf(this.child.pid);
  }

  async health(): Promise<Record<string, unknown>> {
    return (await (await fetch(`${this.url}/healthz`)).json()) as Record<string, unknown>;
  }

  /**
   * The server's event-loop delay since the last call, in ms (prom-client's
   * collector resets its histogram at each scrape of /metrics); null when
   * the server counts no metrics (METRICS=off).
   */
  async loopDelay(token: string): Promise<{ meanMs: number; p99Ms: number; maxMs: number } | null> {
    const text = await (
      await fetch(`${this.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    const ms = (name: string) => {
      const m = new RegExp(`^nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text);
      return m ? Number((Number(m[1]) * 1000).toFixed(1)) : NaN;
    };
    const figures = { meanMs: ms('mean'), p99Ms: ms('p99'), maxMs: ms('max') };
    return Object.values(figures).some(Number.isNaN) ? null : figures;
  }

  /** SIGTERM, then wait for the orderly shutdown (SIGKILL after `ms`). */
  async stop(ms = 30_000): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), ms);
    await exited;
    clearTimeout(timer);
  }

  private keep(text: string): void {
    this.log.push(text);
    if (this.log.length > 200) this.log.splice(0, this.log.length - 200);
  }

  private async waitHealthy(): Promise<void> {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`server exited: ${this.output()}`);
      try {
        if ((await fetch(`${this.url}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server at ${this.url} did not come up: ${this.output()}`);
  }
}
