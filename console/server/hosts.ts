/**
 * The Host allow-list of the standalone mock (decision 011): the control API, the console and
 * the other pages answer only requests addressed to this machine by a name the operator knows.
 * A DNS-rebinding page (a name of the attacker's that is made to resolve to 127.0.0.1) sends its
 * own name as Host: the Origin check does not stop its reads, since to the browser the page and
 * the mock are then the same origin. Loopback names and the address the server is bound to are
 * allowed; `--allowed-hosts` adds names (a LAN name, a container's service name) or opens it.
 */
import type { HostOptions } from '../../mocks/server/web-hook.ts';

/** The default: loopback names and the bound address only. */
export const DEFAULT_HOSTS: HostOptions = { allowedHosts: [] };

const LOOPBACK_NAME = /^(localhost|[a-z0-9.-]+\.localhost|127(?:\.\d{1,3}){3}|::1)$/;

/** The name of a Host header, lower case, without port, brackets or a trailing dot. */
export function hostName(header: string): string {
  const value = header.trim().toLowerCase();
  const name = value.startsWith('[')
    ? value.slice(1, value.indexOf(']') < 0 ? undefined : value.indexOf(']'))
    : (value.split(':')[0] ?? '');
  return name.replace(/\.$/, '');
}

/**
 * Whether a request's Host header names this machine as the operator allows. A request without
 * one (HTTP/1.0, a raw client) is no browser's, so it is not refused.
 */
export function hostAllowed(header: string | undefined, options: HostOptions): boolean {
  if (header === undefined || options.allowedHosts === '*') return true;
  const name = hostName(header);
  if (LOOPBACK_NAME.test(name)) return true;
  if (options.boundHost !== undefined && name === hostName(options.boundHost)) return true;
  return options.allowedHosts.includes(name);
}
