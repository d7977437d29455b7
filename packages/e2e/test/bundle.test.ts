import { ensureWebBuild } from '@tessera/web';
import { bundleSizes } from '@tessera/web/scripts/bundle-size.ts';
import { describe, expect, it } from 'vitest';

/** The budget for what the lobby loads before it can run. */
const INITIAL_JS_BUDGET = 300 * 1024;

describe('the production build', () => {
  it('loads at most 300 KB of gzipped JavaScript before the lobby runs', async () => {
    const sizes = await bundleSizes(await ensureWebBuild());
    const scripts = sizes.initial.filter((f) => f.file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(sizes.initialJsGzip).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
    // The analyzer's engine worker is loaded on demand, never up front.
    expect(scripts.some((f) => f.file.includes('worker'))).toBe(false);
    expect(sizes.lazy.some((f) => f.file.includes('analyzer.worker'))).toBe(true);
  }, 180_000);
});
