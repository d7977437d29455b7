import type { ReactNode } from 'react';

/**
 * A tournament description's small markdown subset, built as React elements
 * (never HTML strings, so nothing a director types can become markup):
 * paragraphs (split by blank lines), bulleted ("- ", "* ") and numbered
 * ("1. ") lists, **bold**, *italics* or _italics_, and [links](https://…)
 * to http and https addresses only. Anything else is shown as typed.
 */
export function DescriptionText({ text }: { text: string }) {
  return <>{blocks(text)}</>;
}

const BULLET = /^\s*[-*]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

function blocks(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const paras = text.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  paras.forEach((para, i) => {
    const lines = para.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) return;
    if (lines.every((l) => BULLET.test(l))) out.push(<ul key={i}>{items(lines, BULLET)}</ul>);
    else if (lines.every((l) => NUMBERED.test(l)))
      out.push(<ol key={i}>{items(lines, NUMBERED)}</ol>);
    else
      out.push(
        <p key={i}>
          {lines.flatMap((l, j) => (j === 0 ? inline(l) : [<br key={`br${j}`} />, ...inline(l)]))}
        </p>,
      );
  });
  return out;
}

function items(lines: string[], marker: RegExp): ReactNode[] {
  return lines.map((l, i) => <li key={i}>{inline(marker.exec(l)![1])}</li>);
}

// A link, bold, or italics (either marker); the first that matches at a place wins.
const INLINE =
  /\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)|\*\*(?=\S)(.+?)\*\*|\*(?=[^\s*])([^*\n]+?)\*|(?<![\w])_(?=\S)([^_\n]+?)_(?![\w])/g;

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    const at = m.index;
    if (at > last) out.push(text.slice(last, at));
    const key = `${at}`;
    if (m[1] !== undefined)
      out.push(
        <a key={key} href={m[2]} target="_blank" rel="noopener noreferrer nofollow">
          {m[1]}
        </a>,
      );
    else if (m[3] !== undefined) out.push(<strong key={key}>{inline(m[3])}</strong>);
    else out.push(<em key={key}>{inline(m[4] ?? m[5])}</em>);
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
