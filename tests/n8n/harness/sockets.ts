import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The process group of the local process that holds the TCP socket bound at 127.0.0.1:`port` (the far end of a
 * connection a test server accepted), from Linux's /proc: the socket's inode in /proc/net/tcp, then the process
 * whose file descriptors name it. Undefined when no process holds it (any more).
 */
export function processGroupOfPort(port: number): number | undefined {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inode = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[1] === local)?.[9];
  if (!inode || inode === '0') return undefined;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
      } catch {
        return false;
      }
    });
    if (holds) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    }
  }
  return undefined;
}
