import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds (user + system) the given processes have used, from Linux's
 * /proc, so a figure taken on a busy machine still says what the work cost.
 * `group` adds every process of that process group (n8n and its task runner).
 */
export function cpuSeconds({ pids = [], group }: { pids?: number[]; group?: number }): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // After the ")" closing the command name: state, ppid, pgrp, … utime (12th), stime (13th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (pids.includes(Number(entry)) || (group !== undefined && Number(fields[2]) === group)) {
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  }
  return ticks / 100;
}
