// Fails fast, with a line saying what to do, when a port the stack needs is taken.
import { createServer } from 'node:net';
import { DevnetError } from './devnetError';

/** `host` undefined checks every interface, as a server listening without a host would need. */
export async function assertPortFree(port: number, host: string | undefined, hint: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? new DevnetError(`port ${port} is not available (${error.code}): ${hint}`) : error));
    server.listen({ port, host }, () => server.close(() => resolve()));
  });
}
