// A TCP link a test can cut, between a server process and PostgreSQL: what a network partition or
// a database that stops answering looks like to the process (connections reset, new ones refused).
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { onTestFinished } from 'vitest';

export interface CuttableLink {
  /** The database URL through the link. */
  url: string;
  cut(): void;
}

export async function cuttableLink(databaseUrl: string): Promise<CuttableLink> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let cut = false;
  const server = createServer((client) => {
    if (cut) return client.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  const through = new URL(databaseUrl);
  through.hostname = '127.0.0.1';
  through.port = String((server.address() as AddressInfo).port);
  return {
    url: through.toString(),
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}
