import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebApp } from '../web-build.ts';

export const summary =
  'start several server processes behind HAProxy on PORT [--nodes N] [--balance leastconn|roundrobin|source]';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '../../bin/tessera.mjs');

/**
 * `tessera cluster`: N `tessera serve` processes sharing the PostgreSQL of
 * DATABASE_URL and the NATS of NATS_URL, behind Debian's HAProxy on PORT
 * (health-checked, websockets included). Ctrl-C stops them all.
 */
export async function run(args: string[]): Promise<number> {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const count = Number(option('--nodes') ?? 3);
  const balance = (option('--balance') ?? 'leastconn') as 'leastconn' | 'roundrobin' | 'source';
  if (!Number.isInteger(count) || count < 1 || count > 32) {
    console.error('tessera cluster: --nodes takes a whole number from 1 to 32');
    return 2;
  }
  if (!['leastconn', 'roundrobin', 'source'].includes(balance)) {
    console.error('tessera cluster: --balance is leastconn, roundrobin or source');
    return 2;
  }
  const { DATABASE_URL, NATS_URL } = process.env;
  if (!DATABASE_URL || !NATS_URL) {
    console.error(
      'tessera cluster: the nodes share one PostgreSQL and one NATS server; set DATABASE_URL and NATS_URL',
    );
    return 2;
  }
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
  } catch {
    console.error('tessera cluster: HAProxy is not installed (apt-get install haproxy)');
    return 2;
  }
  await buildWebApp();
  const { startCluster } = await import('@tessera/server/cluster');
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '0.0.0.0';
  const cluster = await startCluster({
    nodes: count,
    host,
    port,
    balance,
    nodeCommand: [process.execPath, CLI, 'serve', '--no-build'],
    env: {
      DATABASE_URL,
      NATS_URL,
      NATS_PREFIX: process.env.NATS_PREFIX ?? 'tessera',
      // Every node signs and checks the same socket tokens.
      SECRET_KEY: process.env.SECRET_KEY ?? randomBytes(32).toString('hex'),
    },
    log: (line) => console.error(line),
  });
  console.error(
    `Tessera cluster of ${count} on ${cluster.url}: ${cluster.nodes.map((n) => n.url).join(', ')}`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await cluster.stop();
  return 0;
}
