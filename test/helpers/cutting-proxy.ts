import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a server that cuts the connection of a chosen request at a chosen point,
 * to test what a client does when it cannot know whether the server acted:
 * - 'before-send': the request never reaches the server;
 * - 'after-registered': the server receives and answers it, the client sees the connection drop;
 * - 'mid-answer': the client receives only the first `bytes` of the answer.
 */
export type CutPoint =
  { at: 'before-send' } | { at: 'after-registered' } | { at: 'mid-answer'; bytes: number };

export interface CuttingProxy {
  port: number;
  /** The next request whose first line starts with `method` is cut at `point`. */
  cutNext(method: string, point: CutPoint): void;
  /** How many cuts happened so far. */
  cuts(): number;
  close(): Promise<void>;
}

export async function startCuttingProxy(targetPort: number): Promise<CuttingProxy> {
  const plans: Array<{ method: string; point: CutPoint }> = [];
  const sockets = new Set<Socket>();
  let cutCount = 0;

  const server: Server = createServer((client) => {
    sockets.add(client);
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    let active: CutPoint | undefined;
    let forwarded = 0;
    const cut = (): void => {
      cutCount++;
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      const head = chunk.subarray(0, 16).toString('latin1');
      const planIndex = plans.findIndex((plan) => head.startsWith(`${plan.method} `));
      if (planIndex !== -1) {
        active = plans.splice(planIndex, 1)[0]?.point;
        forwarded = 0;
        if (active?.at === 'before-send') return cut();
      } else if (/^[A-Z]+ \//.test(head)) {
        // A new request on a kept-alive connection: the earlier plan covered only its own request.
        active = undefined;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (active?.at === 'after-registered') return cut();
      if (active?.at === 'mid-answer') {
        const room = active.bytes - forwarded;
        if (room <= 0) return cut();
        if (chunk.length > room) {
          client.write(chunk.subarray(0, room));
          return cut();
        }
        forwarded += chunk.length;
      }
      client.write(chunk);
    });
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cutNext: (method, point) => void plans.push({ method, point }),
    cuts: () => cutCount,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}
