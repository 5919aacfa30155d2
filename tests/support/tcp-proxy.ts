/**
 * A TCP relay in front of the portal, for tests that need a connection to drop the way a network
 * does: `dropAll()` destroys every connection through it (an open event stream among them), which
 * the browser sees as a network error. The browser talks to `url` as it would to the portal (the
 * Host header it sends names the relay, so the portal's origin check holds).
 */
import net from "node:net";

export interface TcpProxy {
  url: string;
  /** Destroy every connection relayed so far; new ones are relayed as before. */
  dropAll(): void;
  close(): Promise<void>;
}

export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    open.add(s);
    s.on("close", () => open.delete(s));
    s.on("error", () => s.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const dropAll = () => {
    for (const s of [...open]) s.destroy();
  };
  return {
    url: `http://localhost:${port}`,
    dropAll,
    close: () =>
      new Promise<void>((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
}
