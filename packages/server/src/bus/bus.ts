/**
 * Realtime fan-out between server processes. Subjects are dot-separated
 * ("chat.lobby", "user.<id>"); a subscription may end in ".>" to take every
 * subject under a prefix. Payloads are bytes (usually framed socket messages).
 * The in-process bus serves a single process; NATS serves several.
 */
export type BusHandler = (subject: string, data: Uint8Array) => void;

export interface Bus {
  readonly kind: 'in-process' | 'nats';
  publish(subject: string, data: Uint8Array): void;
  subscribe(subject: string, handler: BusHandler): () => void;
  /** Resolves once everything published so far has left this process. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Does a subscription pattern ("a.b", "a.*", "a.>") take this subject? */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
