import type { Server } from 'node:http';

/**
 * Stops a stand-in service the way a stopped service behaves: its open connections are dropped at
 * once. `server.close()` alone waits for the app's pooled keep-alive sockets to time out (about
 * 4 s each), which every suite that started the stand-in would spend waiting.
 */
export function closeHttpServer(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
