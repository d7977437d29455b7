/**
 * Bytes to text for GCG files. A file may declare its encoding on a
 * `#character-encoding` line at the top; UTF-8 and ISO-8859-1 (Latin-1) are supported
 * and any other declared encoding is an error. Without a declaration the bytes
 * are read as UTF-8 when they are valid UTF-8, and as Latin-1 otherwise (old
 * files with accented player names are Latin-1 and carry no pragma).
 */
import { err, ok, type Result } from '../../result.ts';

export type Encoding = 'UTF-8' | 'ISO-8859-1';

const ENCODING_PRAGMA = /^#character-encoding[ \t]+(\S+)/m;

/** Map a declared encoding name to one we support, or null. */
export function supportedEncoding(name: string): Encoding | null {
  const key = name.toUpperCase().replace(/[-_ ]/g, '');
  if (key === 'UTF8') return 'UTF-8';
  if (key === 'ISO88591' || key === 'LATIN1') return 'ISO-8859-1';
  return null;
}

/** The declared encoding (and its 1-based line) in text or ASCII-compatible bytes. */
function declared(head: string): { name: string; line: number } | null {
  const m = ENCODING_PRAGMA.exec(head);
  if (!m) return null;
  const line = head.slice(0, m.index).split('\n').length;
  return { name: m[1], line };
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  const CHUNK = 4096;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    out += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return out;
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** Check a declared encoding; the error names its line. */
export function checkDeclaredEncoding(
  text: string,
): Result<Encoding | null, 'UNSUPPORTED_ENCODING'> {
  const d = declared(text);
  if (!d) return ok(null);
  const enc = supportedEncoding(d.name);
  if (!enc) {
    return err(
      'UNSUPPORTED_ENCODING',
      `line ${d.line}: unsupported character encoding '${d.name}' (supported: UTF-8, ISO-8859-1)`,
      d.line,
    );
  }
  return ok(enc);
}

export function decodeGcg(input: Uint8Array | string): Result<string, 'UNSUPPORTED_ENCODING'> {
  if (typeof input === 'string') {
    const check = checkDeclaredEncoding(input);
    return check.ok ? ok(input.replace(/^\uFEFF/, '')) : check;
  }
  // The pragma is ASCII and comes first, so the first kilobyte is searched as Latin-1.
  const check = checkDeclaredEncoding(latin1(input.subarray(0, 1024)));
  if (!check.ok) return check;
  const text = check.value === 'ISO-8859-1' ? latin1(input) : (utf8(input) ?? latin1(input));
  return ok(text.replace(/^\uFEFF/, ''));
}
