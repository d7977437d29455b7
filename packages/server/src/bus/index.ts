import type { Bus } from './bus.ts';
import { inProcessBus } from './in-process.ts';
import { natsBus } from './nats.ts';

export type { Bus, BusHandler } from './bus.ts';

export function openBus(natsUrl: string | undefined, natsPrefix?: string): Promise<Bus> {
  return natsUrl ? natsBus(natsUrl, natsPrefix) : Promise.resolve(inProcessBus());
}
