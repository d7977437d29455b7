import { useEffect, useState } from 'react';
import type { LexiconInfo } from '@tessera/protocol';
import { useServices } from '../../app/services.tsx';
import type { ApiClients } from '../../rpc/clients.ts';
import { errorText } from '../../rpc/errors.ts';

export interface Lexicons {
  status: 'loading' | 'ready' | 'failed';
  lexicons: readonly LexiconInfo[];
  defaultLexicon: string;
  error?: string;
}

const LOADING: Lexicons = { status: 'loading', lexicons: [], defaultLexicon: '' };

/** One GetLexicons per app (the list does not change while the server runs); a failure is retried on next use. */
const cache = new WeakMap<ApiClients['word'], Promise<Lexicons>>();

function fetchLexicons(word: ApiClients['word']): Promise<Lexicons> {
  let pending = cache.get(word);
  if (!pending) {
    pending = word.getLexicons({}).then(
      (r): Lexicons => ({
        status: 'ready',
        lexicons: r.lexicons,
        defaultLexicon: r.defaultLexicon,
      }),
      (err): Lexicons => {
        cache.delete(word);
        return { ...LOADING, status: 'failed', error: errorText(err) };
      },
    );
    cache.set(word, pending);
  }
  return pending;
}

/** The server's lexicons (names, sources, licences) and its default. */
export function useLexicons(): Lexicons {
  const { api } = useServices();
  const [state, setState] = useState<Lexicons>(LOADING);
  useEffect(() => {
    let live = true;
    void fetchLexicons(api.word).then((l) => live && setState(l));
    return () => {
      live = false;
    };
  }, [api.word]);
  return state;
}

/** "SCOWL-EN — 114,000 words · Source: … · Licence: …" for an info line or tooltip. */
export function lexiconDetails(l: LexiconInfo): string {
  const parts = [
    l.description,
    l.words ? `${l.words.toLocaleString('en')} words` : '',
    l.source ? `Source: ${l.source}` : '',
    l.license ? `Licence: ${l.license}` : '',
  ].filter(Boolean);
  return parts.join(' · ');
}
