import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where a browser test saves a screenshot: the documentation's folder when
 * `TESSERA_SCREENSHOTS=1` (to refresh docs/screenshots on purpose), otherwise
 * a temporary folder, so a test run never changes tracked files.
 */
export function screenshotPath(name: string): string {
  const dir =
    process.env.TESSERA_SCREENSHOTS === '1'
      ? join(dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots')
      : join(tmpdir(), 'tessera-screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}
