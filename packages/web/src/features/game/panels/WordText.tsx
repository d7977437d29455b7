/**
 * A word in tile notation as text: blanks stay lowercase
 * (docs/product/gameplay.md §5 "Scoring") and are marked so they read
 * differently from tiles; squares played through ('.') are filled in from
 * `through` and shown quieter.
 */
export function WordText({ word, through = [] }: { word: string; through?: readonly string[] }) {
  let k = 0;
  const parts: { text: string; kind: 'tile' | 'blank' | 'through' }[] = [];
  for (const ch of word) {
    if (ch === '.') parts.push({ text: through[k++] ?? '·', kind: 'through' });
    else if (ch !== ch.toUpperCase()) parts.push({ text: ch, kind: 'blank' });
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
