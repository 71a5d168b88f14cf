import { isIP } from 'node:net';

/**
 * The address the local stack binds to unless `HOST` says otherwise: the loopback interface
 * only, so nothing else on the network can reach it.
 */
export const DEFAULT_HOST = '127.0.0.1';

/** Host names that always mean this machine. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

/** Addresses that bind every interface: with one, the stack cannot know its own names. */
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::']);

/**
 * Whether a host (name or address, with IPv6 brackets or not) is this machine's loopback.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = unbracket(host.toLowerCase());
  return LOOPBACK_NAMES.has(bare) || (isIP(bare) === 4 && bare.startsWith('127.'));
}

/**
 * The check of each request's `Host` header against where the stack listens, the defence
 * against DNS rebinding (a web page whose name was re-pointed at 127.0.0.1 sends its own name
 * as `Host`). Bound to loopback (the default), only `localhost`, `127.0.0.1` and `[::1]` with
 * the listening port are accepted. Bound to a named address (`HOST=192.168.1.20`), that name is
 * accepted too. Bound to every interface (`HOST=0.0.0.0` or `::`), any `Host` is accepted: the
 * operator chose to expose the stack, and its identity header, to the network.
 */
export function hostHeaderCheck(options: {
  host: string;
  /** The port the server listens on (known once it listens, for port 0). */
  port: () => number;
}): (hostHeader: string | undefined) => boolean {
  const bound = unbracket(options.host.toLowerCase());
  if (WILDCARD_ADDRESSES.has(bound)) return () => true;
  const names = new Set([...LOOPBACK_NAMES, bound]);
  return (hostHeader) => {
    const parsed = hostHeader === undefined ? undefined : splitHost(hostHeader);
    if (parsed === undefined) return false;
    return names.has(parsed.name) && parsed.port === options.port();
  };
}

/** `name[:port]` or `[v6][:port]` → lower-case name without brackets, and the port (80 if none). */
function splitHost(header: string): { name: string; port: number } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(header.trim());
  if (!match) return undefined;
  const [, name = '', port] = match;
  return { name: unbracket(name.toLowerCase()), port: port === undefined ? 80 : Number(port) };
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
