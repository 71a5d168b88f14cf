import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackHost } from './host-check';

/**
 * Listens on `host:port` (port 0: any free one) and answers the address bound and the URL to
 * print: `localhost` for a loopback or wildcard address, else the host (bracketed if IPv6).
 */
export async function listenLocally(
  server: Server,
  port: number,
  host: string,
): Promise<{ address: AddressInfo; url: string }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const name =
    isLoopbackHost(host) || /^(0\.0\.0\.0|::)$/.test(host)
      ? 'localhost'
      : host.includes(':') && !host.startsWith('[')
        ? `[${host}]`
        : host;
  return { address, url: `http://${name}:${address.port}` };
}
