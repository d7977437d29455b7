import { type Bus, type BusHandler, subjectMatches } from './bus.ts';

/** The default bus: delivery to subscribers of this process, on the next microtask. */
export function inProcessBus(): Bus {
  const subs = new Set<{ pattern: string; handler: BusHandler }>();
  return {
    kind: 'in-process',
    publish(subject, data) {
      for (const s of subs) {
        if (subjectMatches(s.pattern, subject)) queueMicrotask(() => s.handler(subject, data));
      }
    },
    subscribe(pattern, handler) {
      const sub = { pattern, handler };
      subs.add(sub);
      return () => subs.delete(sub);
    },
    async flush() {},
    async close() {
      subs.clear();
    },
  };
}
