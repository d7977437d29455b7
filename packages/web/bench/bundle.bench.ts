import { bundleSizes } from '../scripts/bundle-size.ts';
import { ensureWebBuild } from '../scripts/ensure-build.ts';

type Emit = (record: Record<string, unknown>) => void;

/** Sizes of the production build: what the lobby loads first, and every lazy chunk. */
export async function bench(emit: Emit): Promise<void> {
  const sizes = await bundleSizes(await ensureWebBuild());
  emit({
    bench: 'web.bundle.initial',
    jsGzipBytes: sizes.initialJsGzip,
    cssGzipBytes: sizes.initialCssGzip,
    budgetJsGzipBytes: 300 * 1024,
    files: sizes.initial.length,
  });
  for (const f of sizes.lazy) {
    emit({ bench: 'web.bundle.lazy', file: f.file, bytes: f.bytes, gzipBytes: f.gzipBytes });
  }
}
