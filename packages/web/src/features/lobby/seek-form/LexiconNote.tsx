import { useState } from 'react';
import type { LexiconInfo } from '@tessera/protocol';

/**
 * One line under the dictionary field — its size — with its description,
 * source and licence a click away.
 */
export function LexiconNote({ lexicon: l }: { lexicon: LexiconInfo }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <span>{l.words ? `${l.words.toLocaleString('en')} words` : l.letterDistribution}</span>
      {' · '}
      <button
        type="button"
        className="link-button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide source and licence' : 'Source and licence'}
      </button>
      {open && (
        <span className="lexicon-note">
          {l.description && <span>{l.description}</span>}
          {l.source && <span>Source: {l.source}</span>}
          {l.license && <span>Licence: {l.license}</span>}
        </span>
      )}
    </>
  );
}
