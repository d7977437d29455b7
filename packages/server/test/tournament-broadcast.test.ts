/**
 * Issue 36, item 10: a large division's realm messages are deltas that fit a
 * socket frame (64 KB), what cannot fit tells the page to fetch again, and
 * one message that fails never keeps the others from being sent.
 */
import { describe, expect, it } from 'vitest';
import { decodeFrames, decodeSocketMessage, MessageType } from '@tessera/protocol';
import { emptyState, fold, type LogEntry, type TState } from '@tessera/tournament';
import type { Gateway } from '../src/socket/gateway.ts';
import { broadcastChange } from '../src/modules/tournament/broadcast.ts';
import { eventLog } from './fixtures/big-event.ts';

interface Sent {
  type: number;
  bytes: number;
  message: Record<string, unknown>;
}

function recorder(failFirst = 0) {
  const sent: Sent[] = [];
  let failures = failFirst;
  const gateway = {
    toRealm(_realm: string, bytes: Uint8Array) {
      if (failures-- > 0) throw new Error('the bus is down');
      const frames = decodeFrames(bytes);
      if (!Array.isArray(frames)) throw new Error('bad frame');
      for (const f of frames) {
        const m = decodeSocketMessage(f.type, f.payload);
        if (!m.ok) throw new Error('bad message');
        sent.push({ type: f.type, bytes: bytes.length, message: m.message as never });
      }
    },
  } as unknown as Gateway;
  return { sent, gateway };
}

const errors: unknown[] = [];
const log = { error: (o: unknown) => void errors.push(o) } as never;

/** 1,500 players, 12 rounds, all played. */
let big: { log: LogEntry[]; state: TState } | undefined;
function bigEvent() {
  if (!big) {
    const l = eventLog(1500, 12, 12, 'manual');
    big = { log: l, state: fold(l, emptyState('big')) };
  }
  return big;
}

describe('tournament realm messages of a large division (issue 36 item 10)', () => {
  it('a result of the last round: the game-ended message fits and carries only the standings it moved', () => {
    const { log: l, state } = bigEvent();
    const last = l.filter((e) => e.body.kind === 'result.set').at(-1)!;
    const { sent, gateway } = recorder();
    broadcastChange(gateway, state, [last], log);
    const ended = sent.filter((m) => m.type === MessageType.TOURNAMENT_GAME_ENDED);
    expect(ended).toHaveLength(1);
    for (const m of sent) expect(m.bytes).toBeLessThanOrEqual(0xffff + 2);
    const standingRounds = sent.flatMap((m) =>
      Object.keys((m.message.standings as Record<string, unknown> | undefined) ?? {}),
    );
    expect(standingRounds).toEqual(['11']);
  });

  it('a result of round 1 moves every later round: each round comes in a message of its own', () => {
    const { log: l, state } = bigEvent();
    const first = l.find((e) => e.body.kind === 'result.set')!;
    const { sent, gateway } = recorder();
    broadcastChange(gateway, state, [first], log);
    expect(sent.filter((m) => m.type === MessageType.TOURNAMENT_GAME_ENDED)).toHaveLength(1);
    const rounds = sent.flatMap((m) =>
      Object.keys((m.message.standings as Record<string, unknown> | undefined) ?? {}),
    );
    expect(rounds.map(Number).sort((a, b) => a - b)).toEqual([...Array(12).keys()]);
  });

  it('pairings of one round: only that round', () => {
    const { log: l, state } = bigEvent();
    const pairings = l.filter((e) => e.body.kind === 'pairings.set').at(-1)!;
    const { sent, gateway } = recorder();
    broadcastChange(gateway, state, [pairings], log);
    const pairingRounds = sent.flatMap((m) =>
      Object.keys((m.message.pairings as Record<string, unknown> | undefined) ?? {}),
    );
    expect(pairingRounds).toEqual(['11']);
  });

  it('a whole division too big for a message: the page is told to fetch it again', () => {
    const { state } = bigEvent();
    const { sent, gateway } = recorder();
    const moved: LogEntry = {
      seq: state.seq + 1,
      actor: 'td',
      at: 0,
      body: { kind: 'unstarted' },
    };
    broadcastChange(gateway, state, [moved], log);
    expect(sent).toHaveLength(1);
    expect(sent[0].type).toBe(MessageType.TOURNAMENT_DIVISION);
    expect(sent[0].message.full).toBeUndefined();
    expect(sent[0].message.division).toBe('A');
  });

  it('one message that fails is logged and the others are still sent', () => {
    const { log: l, state } = bigEvent();
    const started = l.filter((e) => e.body.kind === 'round.started').at(-1)!;
    const pairings = l.filter((e) => e.body.kind === 'pairings.set').at(-1)!;
    const { sent, gateway } = recorder(1);
    errors.length = 0;
    broadcastChange(gateway, state, [started, pairings], log);
    expect(errors).toHaveLength(1);
    // The round start was lost; the pairings (in two parts: too big for one) still went.
    expect(sent.map((m) => m.type)).not.toContain(MessageType.TOURNAMENT_ROUND_STARTED);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.type === MessageType.TOURNAMENT_DIVISION_PAIRINGS)).toBe(true);
  });
});
