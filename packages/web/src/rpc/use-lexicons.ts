import { useQuery } from '@tanstack/react-query';
import type { LexiconInfo } from '@tessera/protocol';
import { useServices } from '../app/services.tsx';
import { lexiconsQuery } from './queries.ts';
import { useErrorText } from './use-error-text.ts';

export interface Lexicons {
  status: 'loading' | 'ready' | 'failed';
  lexicons: readonly LexiconInfo[];
  defaultLexicon: string;
  error?: string;
}

const NONE: readonly LexiconInfo[] = [];

/**
 * The server's lexicons (names, sources, licences) and its default: asked
 * once per app, and again on the next use after a failure.
 */
export function useLexicons(): Lexicons {
  const { api } = useServices();
  const { data, error } = useQuery(lexiconsQuery(api));
  const failure = useErrorText(error);
  if (data) {
    return { status: 'ready', lexicons: data.lexicons, defaultLexicon: data.defaultLexicon };
  }
  if (failure) return { status: 'failed', lexicons: NONE, defaultLexicon: '', error: failure };
  return { status: 'loading', lexicons: NONE, defaultLexicon: '' };
}

/** "ENABLE — 168,551 words · Source: … · Licence: …" for an info line or tooltip. */
export function lexiconDetails(l: LexiconInfo): string {
  const parts = [
    l.description,
    l.words ? `${l.words.toLocaleString('en')} words` : '',
    l.source ? `Source: ${l.source}` : '',
    l.license ? `Licence: ${l.license}` : '',
  ].filter(Boolean);
  return parts.join(' · ');
}
