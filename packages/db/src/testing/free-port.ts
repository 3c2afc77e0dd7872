import net from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on at the moment of asking: the OS picks it, and the probe lets it go
 * at once. Another process may take it before the caller binds it, so a caller that must be sure retries on
 * "address in use" (the embedded PostgreSQL launcher throws PortInUseError for that).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
