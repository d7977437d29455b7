import type { DescMessage, MessageInitShape } from '@bufbuild/protobuf';
import {
  decodeFrames,
  decodeSocketMessage,
  encodeSocketMessage,
  type MessageType,
} from '@tessera/protocol';
import WebSocket from 'ws';

/**
 * A socket from Node with a user's token, for test set-up the page under
 * test should not depend on (creating a game between two users). It keeps
 * every decoded message and lets a test wait for one.
 */
export class NodeSocket {
  readonly received: { type: number; message: Record<string, unknown> }[] = [];
  private waiters: (() => void)[] = [];

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const frames = decodeFrames(new Uint8Array(data));
      if (!Array.isArray(frames)) return;
      for (const f of frames) {
        const d = decodeSocketMessage(f.type, f.payload);
        if (d.ok) this.received.push({ type: f.type, message: d.message as never });
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Connects as the user whose session cookie is `cookie` ("tessera_session=..."). */
  static async connect(baseUrl: string, cookie: string): Promise<NodeSocket> {
    const res = await fetch(`${baseUrl}/api/tessera.v1.AuthenticationService/GetSocketToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{}',
    });
    const { token } = (await res.json()) as { token: string };
    const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws?token=${token}`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new NodeSocket(ws);
  }

  send<D extends DescMessage>(type: MessageType, schema: D, value: MessageInitShape<D>): void {
    this.ws.send(encodeSocketMessage(type, schema, value));
  }

  /** The first message of `type` (matching `where`) received so far or later. */
  async next(
    type: MessageType,
    where: (m: Record<string, unknown>) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find((r) => r.type === type && where(r.message));
      if (found) return found.message;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message of type ${type} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.ws.close();
  }
}
