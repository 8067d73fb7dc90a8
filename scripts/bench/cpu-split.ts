/**
 * Where a load's CPU went, by process: the app (every thread of its process: the API's event loop,
 * the query-embedding thread, workers), PostgreSQL (every `postgres` process: backends, WAL
 * writer…) and this process (the load generator). Read from /proc (Linux `proc(5)`: fields 14
 * and 15 of /proc/PID/stat, utime and stime in clock ticks; 100 ticks a second on Linux x86-64 and
 * arm64, `getconf CLK_TCK`). Elsewhere every figure is null.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** CPU seconds of one process so far (user + system), or 0 when it is gone or unreadable. */
function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds of every process whose command name is `name` (their sum). */
function cpuSecondsByName(name: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) total += processCpuSeconds(+entry);
    } catch {
      // A process that ended between the listing and the read.
    }
  }
  return total;
}

/** CPU ms per request, by process, over one load. */
export interface CpuSplit {
  appMs: number;
  postgresMs: number;
  loadGeneratorMs: number;
}

/**
 * Starts counting; the returned function ends the count over `requests` requests.
 * @param appPid the app's process id (all its threads are counted).
 * @returns null from the end function when /proc is absent (not Linux).
 */
export function startCpuSplit(appPid: number): (requests: number) => CpuSplit | null {
  let available = true;
  try {
    readdirSync('/proc');
  } catch {
    available = false;
  }
  const app0 = processCpuSeconds(appPid);
  // A backend that ends during the load takes its CPU with it; bench connections stay open.
  const pg0 = available ? cpuSecondsByName('postgres') : 0;
  const self0 = process.cpuUsage();
  return (requests) => {
    if (!available || requests <= 0) return null;
    const self = process.cpuUsage(self0);
    const perRequest = (seconds: number) => +((seconds * 1000) / requests).toFixed(3);
    return {
      appMs: perRequest(processCpuSeconds(appPid) - app0),
      postgresMs: perRequest(cpuSecondsByName('postgres') - pg0),
      loadGeneratorMs: perRequest((self.user + self.system) / 1e6),
    };
  };
}
