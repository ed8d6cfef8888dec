import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * A small network of its own for the device edge's end-to-end tests: a "site" namespace (where the agent runs)
 * behind an "isp" router namespace, joined to this host by veth pairs:
 *
 *   host (server) 10.X.0.1/30 ── 10.X.0.2 isp 10.X.1.1/24 ── 10.X.1.2 site (agent)
 *
 * Traffic from the site to the server crosses the isp router (a traceroute shows its hop). Needs root and
 * iproute2, as CI has; `netnsUnavailable()` says why not otherwise. Names and the subnet are unique per call,
 * and `destroy` removes everything (deleting a namespace removes its veth ends and their peers).
 */
export type SiteNetwork = {
  site: string;
  isp: string;
  /** The server's address as the site sees it (the host end of the host–isp link). */
  serverAddress: string;
  /** The isp router's address on the site's side (the first hop). */
  ispHop: string;
  siteAddress: string;
  /** Runs a command inside the site namespace (synchronously), answering its output. */
  inSite: (command: string, args: string[]) => string;
  /** Takes the site's uplink (the isp router's site-facing link) down, or back up. */
  uplink: (up: boolean) => void;
  destroy: () => void;
};

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

/** Why namespaces cannot be made here, or null when they can. */
export function netnsUnavailable(): string | null {
  if (process.getuid?.() !== 0) return 'network namespaces need root';
  if (!existsSync('/usr/sbin/ip') && !existsSync('/sbin/ip')) return 'iproute2 (ip) is not installed';
  try {
    const probe = `vnocprobe${process.pid}`;
    ip('netns', 'add', probe);
    ip('netns', 'del', probe);
    return null;
  } catch (error) {
    return `ip netns add failed: ${(error as Error).message}`;
  }
}

export function createSiteNetwork(): SiteNetwork {
  // A /16 of 10.x per process (pid-derived), away from common private ranges' low numbers.
  const x = 100 + (process.pid % 150);
  const tag = `${process.pid % 100_000}`;
  const site = `vnoc-site-${tag}`;
  const isp = `vnoc-isp-${tag}`;
  const hostEnd = `vh${tag}`;
  const ispUp = `vi${tag}`;
  const ispDown = `vd${tag}`;
  const siteEnd = `vs${tag}`;
  const net = (n: number, host: number) => `10.${x}.${n}.${host}`;
  const inNs = (ns: string, ...args: string[]) => ip('netns', 'exec', ns, 'ip', ...args);
  const destroy = () => {
    for (const ns of [site, isp]) {
      try {
        ip('netns', 'del', ns);
      } catch {
        // already gone
      }
    }
  };
  destroy();
  try {
    ip('netns', 'add', isp);
    ip('netns', 'add', site);
    ip('link', 'add', hostEnd, 'type', 'veth', 'peer', 'name', ispUp, 'netns', isp);
    ip('addr', 'add', `${net(0, 1)}/30`, 'dev', hostEnd);
    ip('link', 'set', hostEnd, 'up');
    inNs(isp, 'addr', 'add', `${net(0, 2)}/30`, 'dev', ispUp);
    inNs(isp, 'link', 'set', ispUp, 'up');
    inNs(isp, 'link', 'set', 'lo', 'up');
    inNs(isp, 'link', 'add', ispDown, 'type', 'veth', 'peer', 'name', siteEnd, 'netns', site);
    inNs(isp, 'addr', 'add', `${net(1, 1)}/24`, 'dev', ispDown);
    inNs(isp, 'link', 'set', ispDown, 'up');
    inNs(site, 'addr', 'add', `${net(1, 2)}/24`, 'dev', siteEnd);
    inNs(site, 'link', 'set', siteEnd, 'up');
    inNs(site, 'link', 'set', 'lo', 'up');
    inNs(site, 'route', 'add', 'default', 'via', net(1, 1));
    ip('netns', 'exec', isp, 'sysctl', '-qw', 'net.ipv4.ip_forward=1');
    inNs(isp, 'route', 'add', 'default', 'via', net(0, 1));
    ip('route', 'add', `10.${x}.1.0/24`, 'via', net(0, 2));
  } catch (error) {
    destroy();
    throw error;
  }
  return {
    site,
    isp,
    serverAddress: net(0, 1),
    ispHop: net(1, 1),
    siteAddress: net(1, 2),
    inSite: (command, args) =>
      execFileSync('ip', ['netns', 'exec', site, command, ...args], {
        stdio: ['ignore', 'pipe', 'pipe'],
      }).toString(),
    uplink: (up) => inNs(isp, 'link', 'set', ispDown, up ? 'up' : 'down'),
    destroy,
  };
}
