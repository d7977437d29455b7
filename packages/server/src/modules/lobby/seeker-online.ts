import { randomUUID } from 'node:crypto';
import type { Bus } from '../../bus/bus.ts';
import { publish, subscribe } from '../../bus/subjects.ts';
import type { Gateway } from '../../socket/gateway.ts';
import { SEEKER_ASK, SEEKER_HERE } from './subjects.ts';

/** How long an accept waits for some process to say the seeker is connected there. */
export const SEEKER_ANSWER_MS = 1500;

/**
 * Is a seeker connected anywhere, asked at the moment a seek is accepted
 * (issue 37): a killed process's seeks stay listed until the others notice
 * its silence (up to five seconds, decision 0081), and the presence table
 * keeps its rows for a minute, so neither can tell. The question goes to
 * every process over the bus; those holding a socket of the user answer.
 * No answer in time means nobody holds one.
 */
export class SeekerOnline {
  private readonly waiting = new Map<string, (here: boolean) => void>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly bus: Bus,
    private readonly gateway: Gateway,
    private readonly answerMs = SEEKER_ANSWER_MS,
  ) {
    this.unsubscribe.push(
      subscribe(bus, SEEKER_ASK, ({ nonce, userId }) => {
        if (gateway.hasLocalUser(userId)) publish(bus, SEEKER_HERE, nonce);
      }),
      subscribe(bus, SEEKER_HERE, (nonce) => this.waiting.get(nonce)?.(true)),
    );
  }

  /** True when a socket of the user is open on this process or another one answers in time. */
  async online(userId: string): Promise<boolean> {
    if (this.gateway.hasLocalUser(userId)) return true;
    const nonce = randomUUID();
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(nonce);
        resolve(false);
      }, this.answerMs);
      this.waiting.set(nonce, (here) => {
        clearTimeout(timer);
        this.waiting.delete(nonce);
        resolve(here);
      });
      publish(this.bus, SEEKER_ASK, { nonce, userId });
    });
  }

  close(): void {
    for (const u of this.unsubscribe) u();
    for (const done of this.waiting.values()) done(false);
  }
}
