import net from "node:net";

/**
 * A TCP listener on a free loopback port that counts connections and cuts each one as it opens:
 * proof that a refused target was never contacted, or of how often a client tried.
 */
export async function connectionCounter() {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    count: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
