/**
 * What a browser downloads before the lobby can run: the entry script, the
 * chunks it imports statically (Vite lists them as modulepreload links) and
 * the stylesheets named in the built index.html. Lazily loaded chunks (the
 * analyzer, exports, the engine worker) are counted separately.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleFile {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface BundleSizes {
  /** JavaScript loaded up front, gzipped. */
  readonly initialJsGzip: number;
  readonly initialCssGzip: number;
  readonly initial: BundleFile[];
  /** Every other script in the build (loaded on demand). */
  readonly lazy: BundleFile[];
}

async function measure(dist: string, file: string): Promise<BundleFile> {
  const bytes = await readFile(join(dist, file));
  return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
}

/** The assets index.html loads directly, as paths relative to `dist`. */
export function initialAssets(indexHtml: string): string[] {
  const found = new Set<string>();
  const tag = /<(script|link)\b[^>]*>/g;
  for (const [element, name] of indexHtml.matchAll(tag)) {
    const attr = (key: string) => new RegExp(`\\b${key}="([^"]+)"`).exec(element)?.[1];
    const rel = attr('rel');
    const url =
      name === 'script'
        ? attr('src')
        : rel === 'modulepreload' || rel === 'stylesheet'
          ? attr('href')
          : undefined;
    if (url && url.startsWith('/assets/')) found.add(url.slice(1));
  }
  return [...found];
}

export async function bundleSizes(dist: string): Promise<BundleSizes> {
  const initialNames = initialAssets(await readFile(join(dist, 'index.html'), 'utf8'));
  const initial = await Promise.all(initialNames.map((f) => measure(dist, f)));
  const scripts = (await readdir(join(dist, 'assets'))).filter((f) => f.endsWith('.js'));
  const lazy = await Promise.all(
    scripts
      .map((f) => `assets/${f}`)
      .filter((f) => !initialNames.includes(f))
      .map((f) => measure(dist, f)),
  );
  const sum = (ext: string) =>
    initial.filter((f) => f.file.endsWith(ext)).reduce((n, f) => n + f.gzipBytes, 0);
  return { initialJsGzip: sum('.js'), initialCssGzip: sum('.css'), initial, lazy };
}
