import net from 'node:net';

/**
 * A TCP proxy in the test process, between the server under test and PostgreSQL, that can take the
 * database away: `cut()` destroys every open connection (both sides, as a crashed or restarted
 * server would) and refuses new ones until `restore()`. The listening port stays the same, so the
 * server keeps its URL. `upstreamPorts()` are the local ports of the connections it holds to
 * PostgreSQL, which pg_stat_activity shows as client_port.
 */
export interface TcpProxy {
  port: number;
  cut(): void;
  restore(): void;
  upstreamPorts(): number[];
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let passing = true;
  const server = net.createServer((client) => {
    // Refused while cut: the listener stays open (the port is kept) but every connection is reset
    // at once, which the driver sees as it would a stopped server (ECONNRESET or closed).
    if (!passing) { client.resetAndDestroy(); return; }
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => { pairs.delete(pair); client.destroy(); upstream.destroy(); };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const cut = () => {
    passing = false;
    for (const { client, upstream } of pairs) { client.resetAndDestroy(); upstream.destroy(); }
    pairs.clear();
  };
  return {
    port,
    cut,
    restore() { passing = true; },
    upstreamPorts: () => [...pairs].map(({ upstream }) => upstream.localPort).filter((p): p is number => typeof p === 'number'),
    async close() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
