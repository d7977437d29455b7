/**
 * A word in tile notation as text: blanks (lowercase) marked so they read
 * differently from tiles, and squares played through ('.') filled in from
 * `through` and shown quieter.
 */
export function WordText({ word, through = [] }: { word: string; through?: readonly string[] }) {
  let k = 0;
  const parts: { text: string; kind: 'tile' | 'blank' | 'through' }[] = [];
  for (const ch of word) {
    if (ch === '.') parts.push({ text: through[k++] ?? '·', kind: 'through' });
    else if (ch !== ch.toUpperCase()) parts.push({ text: ch.toUpperCase(), kind: 'blank' });
    else parts.push({ text: ch, kind: 'tile' });
  }
  return (
    <span className="word-text">
      {parts.map((p, i) =>
        p.kind === 'tile' ? (
          p.text
        ) : (
          <span
            key={i}
            className={`word-${p.kind}`}
            title={p.kind === 'blank' ? 'blank' : undefined}
          >
            {p.text}
          </span>
        ),
      )}
    </span>
  );
}
