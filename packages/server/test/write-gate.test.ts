import { describe, expect, it } from 'vitest';
import { BatchFailed, WriteGate } from '../src/events/write-gate.ts';

/**
 * The writing gate of a group-commit batch (decision 0142): first passes in
 * batch order, ordinary writes side by side, a game's end alone, and every
 * wait ends (no change waits on one that waits on it).
 */
describe("a batch's writing gate", () => {
  it('lets changes pass for the first time in batch order, ordinary ones together', async () => {
    const gate = new WriteGate(3);
    let first = false;
    const later = [2, 1].map((at) => gate.enter(at, false).then(() => first));
    first = true;
    await gate.enter(0, false);
    // 1 and 2 went once 0 had, all three together.
    expect(await Promise.all(later)).toEqual([true, true]);
  });

  it('lets a change that never writes count as passed once it is done', async () => {
    const gate = new WriteGate(2);
    const second = gate.enter(1, false);
    gate.done(0);
    await expect(second).resolves.toBeUndefined();
  });

  it("makes a game's end wait for the writers before it, and the ones after wait for it", async () => {
    const gate = new WriteGate(3);
    const done = new Set<number>();
    const finish = (at: number) => {
      done.add(at);
      gate.done(at);
    };
    const seen: string[] = [];
    await gate.enter(0, false);
    const end = gate.enter(1, true).then(() => {
      seen.push(`1 alone, 0 ${done.has(0) ? 'done' : 'writing'}`);
      finish(1);
    });
    const after = gate.enter(2, false).then(() => {
      seen.push(`2, 1 ${done.has(1) ? 'done' : 'writing'}`);
      finish(2);
    });
    finish(0);
    await Promise.all([end, after]);
    expect(seen).toEqual(['1 alone, 0 done', '2, 1 done']);
  });

  it('holds a change that asks again behind a waiting game end, and both get through', async () => {
    const gate = new WriteGate(3);
    const seen: number[] = [];
    await gate.enter(0, false);
    await gate.enter(1, false);
    // 0's write matched nothing: it reads again while 2, a game's end, waits for 1.
    gate.leave(0);
    const end = gate.enter(2, true).then(() => {
      seen.push(2);
      gate.done(2);
    });
    const again = gate.enter(0, false).then(() => {
      seen.push(0);
      gate.done(0);
    });
    gate.done(1);
    await Promise.all([end, again]);
    expect(seen).toEqual([2, 0]);
  });

  it('lets the first of two waiting game ends go first', async () => {
    const gate = new WriteGate(4);
    const seen: number[] = [];
    await gate.enter(0, false);
    await gate.enter(1, false);
    gate.leave(0);
    gate.leave(1);
    await gate.enter(2, false);
    const ends = [1, 0].map((at) =>
      gate.enter(at, true).then(() => {
        seen.push(at);
        gate.done(at);
      }),
    );
    gate.done(2);
    await Promise.all(ends);
    expect(seen).toEqual([0, 1]);
  });

  it('turns away the waiting changes, and any that come, once the batch has failed', async () => {
    const gate = new WriteGate(3);
    await gate.enter(0, true);
    const waiting = gate.enter(1, false);
    gate.fail();
    await expect(waiting).rejects.toBeInstanceOf(BatchFailed);
    await expect(gate.enter(2, false)).rejects.toBeInstanceOf(BatchFailed);
  });
});
