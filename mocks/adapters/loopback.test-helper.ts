/**
 * A node:http server for one mock service on an ephemeral loopback port, for the adapter tests
 * that hold a behaviour through node:http beside MSW (decisions 024, 025).
 */
import type { AddressInfo } from 'node:net';
import type { MockService } from '../service.ts';
import { createMockServer } from './node-server.ts';

/** The server's base URL and how to stop it, cutting any connection a fault left open. */
export interface Loopback {
  base: string;
  close(): Promise<void>;
}

/** Serves `service` on 127.0.0.1 at a port the system picks. */
export async function serveOnLoopback(service: MockService): Promise<Loopback> {
  const server = createMockServer(service);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
