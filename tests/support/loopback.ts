import type http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Starts a stand-in server on a free loopback port. Its close() ends the open connections too,
 * so a test's after() never waits for a client's keep-alive socket.
 */
export async function listenOnLoopback(server: http.Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
