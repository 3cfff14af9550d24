// Splitting and checking the hosts of a URI. The URI parser accepts any text as a
// host ("h..x", "ho st", "h:12a"); a connection string needs real hostnames and ports.
import { ConnStringParseError } from './errors.js';

export interface HostPort {
  /** Lower-cased: DNS names are case-insensitive and the service issues them lower-case. */
  host: string;
  port: number | undefined;
}

const DNS_LABEL = '[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?';
const DNS_NAME = new RegExp(`^${DNS_LABEL}(?:\\.${DNS_LABEL})*\\.?$`);
const IPV6 = /^\[[0-9a-f:.]+(?:%25[a-z0-9._~-]+)?\]$/;
// A Unix domain socket is written percent-encoded: mongodb://%2Ftmp%2Fmongodb-27017.sock
const SOCKET = /^%2f[^/?#@,]*\.sock$/;

/**
 * The host as an error names it: its name without the port, and nothing of a malformed one
 * past its first ":" (the text may be "user:password" written without its "@").
 */
function named(raw: string): string {
  if (raw.startsWith('[')) {
    const close = raw.indexOf(']');
    return close === -1 ? '[' : raw.slice(0, close + 1);
  }
  const at = raw.lastIndexOf('@');
  const rest = raw.slice(at + 1);
  const colon = rest.indexOf(':');
  return colon === -1 ? rest : rest.slice(0, colon);
}

export function splitHost(raw: string, input: string): HostPort {
  const lower = raw.toLowerCase();
  let host = lower;
  let portText: string | undefined;
  if (lower.startsWith('[')) {
    const close = lower.indexOf(']');
    host = close === -1 ? lower : lower.slice(0, close + 1);
    const rest = close === -1 ? '' : lower.slice(close + 1);
    if (rest !== '') {
      if (!rest.startsWith(':')) throw new ConnStringParseError(`invalid host "${named(raw)}"`, input);
      portText = rest.slice(1);
    }
  } else {
    const colon = lower.lastIndexOf(':');
    if (colon !== -1) {
      host = lower.slice(0, colon);
      portText = lower.slice(colon + 1);
    }
  }
  if (!(DNS_NAME.test(host) || IPV6.test(host) || SOCKET.test(host))) {
    throw new ConnStringParseError(`invalid host "${named(raw)}"`, input);
  }
  if (portText === undefined) return { host, port: undefined };
  const port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
  if (!(port >= 1 && port <= 65535)) throw new ConnStringParseError(`invalid port in host "${named(raw)}": a port is a number from 1 to 65535`, input);
  return { host, port };
}
