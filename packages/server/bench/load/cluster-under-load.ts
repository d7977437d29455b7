import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Cluster, freePort, startCluster } from '../../src/cluster/cluster.ts';
import { cpuSecondsOf, rssMiBOf } from './server-process.ts';

const cli = join(dirname(fileURLToPath(import.meta.url)), '../../../cli/bin/tessera.mjs');
/**
 * The load bench's target when several nodes are asked for: `tessera cluster`'s
 * nodes behind HAProxy, measured as one server (CPU and memory of the nodes
 * added up; the balancer's CPU apart).
 */
export class ClusterUnderLoad {
  private readonly lines: string[] = [];
  private constructor(private readonly cluster: Cluster) {}

  static async start(nodes: number, env: Record<string, string>, nodeArgs: string[]) {
    const lines: string[] = [];
    const cluster = await startCluster({
      nodes,
      host: '127.0.0.1',
      port: await freePort(),
      nodeCommand: [process.execPath, ...nodeArgs, cli, 'serve', '--no-build'],
      // Every simulated client comes from 127.0.0.1.
      env: { ...env, SOCKETS_PER_ADDRESS: '100000', SOCKETS_PER_USER: '100000' },
      maxConnections: 9000,
      log: (line) => lines.push(line),
    });
    const c = new ClusterUnderLoad(cluster);
    c.lines.push(...lines);
    return c;
  }

  get url(): string {
    return this.cluster.url;
  }

  output(): string {
    return this.lines.join('\n');
  }

  /** CPU seconds of the server nodes, added up. */
  cpuSeconds(): number {
    return this.cluster.nodes.reduce((s, n) => s + cpuSecondsOf(n.pid()), 0);
  }

  balancerCpuSeconds(): number {
    return cpuSecondsOf(this.cluster.balancerPid);
  }

  rssMiB(): number {
    return this.cluster.nodes.reduce((s, n) => s + rssMiBOf(n.pid()), 0);
  }

  /** Sockets held by each node, and in all. */
  async health(): Promise<Record<string, unknown>> {
    const per = await Promise.all(
      this.cluster.nodes.map(async (n) => {
        const h = (await (await fetch(`${n.url}/healthz`)).json()) as { sockets: number };
        return h.sockets;
      }),
    );
    return { sockets: per.reduce((a, b) => a + b, 0), perNode: per };
  }

  stop(): Promise<void> {
    return this.cluster.stop();
  }
}
