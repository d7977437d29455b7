import { buildWebApp } from '../web-build.ts';

export const summary =
  'start the platform (HTTP, API, websocket, web app) on the configured port [--no-build]';

/**
 * `tessera serve`: builds the web app when its sources changed, then starts
 * the server with settings from the environment. SIGINT/SIGTERM close
 * sockets, HTTP, the bus and the database in that order.
 */
export async function run(args: string[] = []): Promise<number> {
  const { startServer } = await import('@tessera/server');
  let webDist: string | undefined;
  if (!args.includes('--no-build')) webDist = await buildWebApp();
  const server = await startServer({ webDist });
  console.error(
    `Tessera listening on ${server.config.publicUrl} (database: ${server.core.database.kind}, bus: ${server.bus.kind})`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  // Everything is closed; do not let a stray timer or handle keep the process up.
  process.exit(0);
}
