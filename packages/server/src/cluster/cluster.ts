import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BalancerPlan, haproxyConfig } from './haproxy-config.ts';

export { haproxyConfig, type BalancerPlan } from './haproxy-config.ts';

/**
 * Several Tessera processes behind HAProxy on one address, sharing one
 * PostgreSQL database and one NATS server (both from `env`). Each node is
 * started with `nodeCommand` (the CLI's `serve`), on a port of its own, with
 * TRUST_PROXY=1 so client addresses come from the balancer.
 */
export interface ClusterOptions {
  nodes: number;
  /** Where the balancer listens; the nodes listen on 127.0.0.1 only. */
  host: string;
  port: number;
  /** The command that starts one node, e.g. [node, tessera.mjs, 'serve', '--no-build']. */
  nodeCommand: string[];
  /** Settings every node shares: DATABASE_URL, NATS_URL, NATS_PREFIX, SECRET_KEY … */
  env: Record<string, string>;
  balance?: BalancerPlan['balance'];
  checkMs?: number;
  maxConnections?: number;
  /** The HAProxy binary (Debian's package: apt-get install haproxy). */
  haproxy?: string;
  /** Lines the nodes and the balancer print. */
  log?: (line: string) => void;
}

export interface ClusterNode {
  name: string;
  url: string;
  /** The running process's id (undefined while stopped). */
  pid(): number | undefined;
  /** Ends the node at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port after a kill or stop. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface Cluster {
  /** Where clients connect (the balancer). */
  url: string;
  nodes: ClusterNode[];
  /** The balancer's process id. */
  balancerPid: number | undefined;
  stop(): Promise<void>;
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, host, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });
}

async function waitHealthy(url: string, alive: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`${url} exited before it was healthy`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become healthy`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function exitOf(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once('exit', () => r()));
}

export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const root = mkdtempSync(join(tmpdir(), 'tessera-cluster-'));
  const log = o.log ?? (() => {});
  const nodes: ClusterNode[] = [];
  const children = new Set<ChildProcess>();

  for (let i = 0; i < o.nodes; i++) {
    const name = `node${i + 1}`;
    const port = await freePort();
    const dataDir = join(root, name);
    mkdirSync(dataDir);
    const url = `http://127.0.0.1:${port}`;
    let child: ChildProcess | undefined;
    const alive = () => !!child && child.exitCode === null && child.signalCode === null;
    const node: ClusterNode = {
      name,
      url,
      pid: () => (alive() ? child!.pid : undefined),
      async start() {
        const [command, ...args] = o.nodeCommand;
        const c = spawn(command, args, {
          env: {
            ...process.env,
            ...o.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            TRUST_PROXY: '1',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child = c;
        children.add(c);
        c.once('exit', () => children.delete(c));
        c.stdout!.on('data', (d) => log(`${name}: ${String(d).trimEnd()}`));
        c.stderr!.on('data', (d) => log(`${name}: ${String(d).trimEnd()}`));
        await waitHealthy(url, alive);
      },
      async kill() {
        if (child && alive()) {
          child.kill('SIGKILL');
          await exitOf(child);
        }
      },
      async stop() {
        if (child && alive()) {
          child.kill('SIGTERM');
          await exitOf(child);
        }
      },
    };
    nodes.push(node);
  }
  try {
    await Promise.all(nodes.map((n) => n.start()));
  } catch (e) {
    await Promise.all(nodes.map((n) => n.kill()));
    throw e;
  }

  const configFile = join(root, 'haproxy.cfg');
  writeFileSync(
    configFile,
    haproxyConfig({
      host: o.host,
      port: o.port,
      nodes: nodes.map((n) => n.url.replace('http://', '')),
      balance: o.balance,
      checkMs: o.checkMs,
      maxConnections: o.maxConnections,
    }),
  );
  const balancer = spawn(o.haproxy ?? 'haproxy', ['-db', '-f', configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  balancer.stdout!.on('data', (d) => log(`haproxy: ${String(d).trimEnd()}`));
  balancer.stderr!.on('data', (d) => log(`haproxy: ${String(d).trimEnd()}`));
  const url = `http://${o.host === '0.0.0.0' ? '127.0.0.1' : o.host}:${o.port}`;
  const stop = async () => {
    balancer.kill('SIGTERM');
    await exitOf(balancer);
    await Promise.all(nodes.map((n) => n.stop()));
    for (const c of children) c.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await waitHealthy(
      url,
      () => balancer.exitCode === null && balancer.signalCode === null,
      20_000,
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, nodes, balancerPid: balancer.pid, stop };
}
