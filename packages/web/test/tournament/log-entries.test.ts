import { create } from '@bufbuild/protobuf';
import { TournamentLogEntrySchema } from '@tessera/protocol';
import type { LogBody } from '@tessera/tournament';
import { describe, expect, it } from 'vitest';
import { logLines } from '../../src/features/tournament/log-entries.ts';

const entry = (seq: number, kind: string, payload: string) =>
  create(TournamentLogEntrySchema, {
    seq: BigInt(seq),
    kind,
    payload,
    actor: 'u1:dora',
    at: { seconds: BigInt(1_780_000_000 + seq) },
  });
const body = (seq: number, b: LogBody) => entry(seq, b.kind, JSON.stringify(b));

describe('the tournament log lines', () => {
  it('say what each entry did, newest first, naming players by username', () => {
    const lines = logLines([
      body(1, {
        kind: 'pairings.set',
        division: 'Open',
        round: 0,
        pairs: [
          { a: 'u2:ann', b: 'u3:bob' },
          { a: 'u4:cat', b: 'u4:cat', outcome: 'forfeit_loss' },
        ],
      }),
      body(2, { kind: 'player.moved', from: 'Open', to: 'Lite', id: 'u3:bob' }),
      body(3, { kind: 'checkin', id: 'u2:ann', checkedIn: true }),
    ]);
    expect(lines.map((l) => [l.division, l.who, l.what])).toEqual([
      ['', 'dora', 'ann checked in'],
      ['Open', 'dora', 'bob moved from Open to Lite'],
      ['Open', 'dora', 'Pairings set for round 1: ann – bob, cat forfeit loss'],
    ]);
  });

  it('show an entry this page does not know, or cannot read, by its kind', () => {
    const lines = logLines([
      entry(1, 'round.renamed', JSON.stringify({ kind: 'round.renamed', round: 2 })),
      entry(2, 'players.added', '{not json'),
    ]);
    expect(lines.map((l) => l.what)).toEqual(['players.added', 'round.renamed']);
  });
});
