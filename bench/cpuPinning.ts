/**
 * PuppetDB and its PostgreSQL on one CPU, the reader on another: as when VS Code and PuppetDB run
 * on different machines, where what the reader spends on parsing cannot slow the server it reads
 * from. On the 2-core bench machine they otherwise share both cores, and every reader that parses
 * (the client, undici + one JSON.parse) takes CPU from PuppetDB's streaming thread.
 *
 * Linux only (taskset, from util-linux, and Debian's PostgreSQL pid file). Every affinity set here
 * is given back by release(), to all CPUs.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { readStateEnv } from '../scripts/puppetdb/fleetLoader';

/** Debian's pg_ctlcluster writes the postmaster's pid here (the cluster start.sh uses). */
const POSTMASTER_PID_FILE = '/var/run/postgresql/15-main.pid';

export interface CpuPinning {
  /** Put before a reader's command line: it then runs on the CPU the server does not use. */
  readerPrefix: string[];
  /** Gives PuppetDB and PostgreSQL every CPU again. */
  release(): void;
}

function pidIn(text: string, where: string): number {
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`${where} names no process id`);
  return pid;
}

/** The postmaster and its children (PuppetDB's connections among them), as they are now. */
function postgresProcesses(postmaster: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    // pgrep exits 1 when the postmaster has no children
  }
  return [postmaster, ...children];
}

function setAffinity(pid: number, cpus: string): void {
  try {
    // -a: every thread of the process (the JVM's streaming thread among them)
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
  } catch {
    // a PostgreSQL backend may end between listing and pinning
  }
}

/**
 * Pins the PuppetDB of `stateDir` and the PostgreSQL cluster under it to CPU 0, and returns how
 * to run a reader on CPU 1; where that cannot be done here, the reason.
 */
export function pinServerAwayFromReader(stateDir: string): CpuPinning | string {
  if (process.platform !== 'linux') return 'not Linux';
  if (availableParallelism() < 2) return 'one CPU only';
  let puppetdb: number;
  let postmaster: number;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    puppetdb = pidIn(readStateEnv(stateDir).PDB_PID ?? '', `${stateDir}/env`);
    postmaster = pidIn(
      readFileSync(POSTMASTER_PID_FILE, 'utf8').split('\n')[0]!,
      POSTMASTER_PID_FILE,
    );
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  for (const pid of [puppetdb, ...postgresProcesses(postmaster)]) setAffinity(pid, '0');
  const all = `0-${availableParallelism() - 1}`;
  return {
    readerPrefix: ['taskset', '-c', '1'],
    // PostgreSQL's processes are listed again: connections made meanwhile inherited CPU 0
    release: () => {
      for (const pid of [puppetdb, ...postgresProcesses(postmaster)]) setAffinity(pid, all);
    },
  };
}
