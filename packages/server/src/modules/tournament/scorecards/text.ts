/**
 * Text helpers for the PDF's built-in Helvetica, which can only show the Windows-1252
 * ("WinAnsi") characters: Latin-1 plus a few typographic signs. Names from elsewhere are
 * brought into that set so a card never prints missing-glyph boxes.
 */

/** The characters of Windows-1252 beyond Latin-1 (0x80-0x9f), which Helvetica also has. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function printable(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 0x20 && code <= 0x7e) return true;
  if (code >= 0xa0 && code <= 0xff) return true;
  return WIN_ANSI_EXTRA.has(ch);
}

/**
 * The text as Helvetica can show it: control characters become spaces, a letter outside
 * WinAnsi loses its accents when that helps (ő → o, ł stays ?), anything else becomes "?".
 */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (printable(ch)) {
      out += ch;
      continue;
    }
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      out += ' ';
      continue;
    }
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
    out += base.length > 0 && [...base].every(printable) ? base : '?';
  }
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * The longest start of `text` that fits `maxWidth` when measured by `width`, with an ellipsis
 * when cut.
 */
export function fitText(text: string, maxWidth: number, width: (s: string) => number): string {
  if (width(text) <= maxWidth) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (width(chars.slice(0, mid).join('').trimEnd() + '…') <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join('').trimEnd() + '…';
}
