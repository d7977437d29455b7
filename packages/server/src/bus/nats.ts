import { connect } from '@nats-io/transport-node';
import type { Bus } from './bus.ts';

/** The bus across processes: plain NATS core subjects, prefixed so several deployments can share a server. */
export async function natsBus(url: string, prefix = 'tessera'): Promise<Bus> {
  const nc = await connect({ servers: url, name: `tessera-${process.pid}` });
  const full = (subject: string) => `${prefix}.${subject}`;
  const strip = (subject: string) => subject.slice(prefix.length + 1);
  return {
    kind: 'nats',
    publish(subject, data) {
      nc.publish(full(subject), data);
    },
    subscribe(pattern, handler) {
      const sub = nc.subscribe(full(pattern), {
        callback: (err, msg) => {
          if (!err) handler(strip(msg.subject), msg.data);
        },
      });
      return () => sub.unsubscribe();
    },
    flush: () => nc.flush(),
    async close() {
      await nc.drain();
    },
  };
}
