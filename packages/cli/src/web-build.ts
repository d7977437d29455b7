/** Builds the web app when its sources changed; undefined when it cannot be built here. */
export async function buildWebApp(): Promise<string | undefined> {
  try {
    // Resolved at run time: the web package builds itself with Vite.
    const builder = '@tessera/web/scripts/ensure-build.ts';
    const { ensureWebBuild } = (await import(builder)) as { ensureWebBuild: () => Promise<string> };
    return await ensureWebBuild();
  } catch (e) {
    console.error(`web app build skipped: ${(e as Error).message}`);
    return undefined;
  }
}
