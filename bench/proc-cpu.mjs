/** CPU time from Linux's /proc, for the bench's figures of what serve and the page cost. */
import { readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ 100: /proc reports CPU time in 1/100 s

/**
 * CPU time (ms, user + system) of process `pid` — all its threads — or of its thread `tid` alone;
 * null where there is no /proc or no such process.
 */
export function procCpuMs(pid, tid = null) {
  try {
    const stat = readFileSync(tid === null ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The fields after the command (in parentheses, which may hold spaces): utime is the 14th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}
