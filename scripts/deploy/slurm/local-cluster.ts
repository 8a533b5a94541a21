// A throwaway one-node Slurm cluster on this machine (munged, slurmctld, slurmd), for the test
// and the bench of the Slurm job scripts beside this file: every file it uses is in one temp
// dir, it listens on free ports, and stop() ends every daemon it started, by pid.
// Needs root and Debian's slurmctld, slurmd, slurm-client and munge packages (.ci/run installs them).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The programs the cluster and its clients need. */
const PROGRAMS = ['munged', 'slurmctld', 'slurmd', 'sbatch', 'squeue', 'scontrol', 'scancel', 'sinfo'];
export const SLURM_PACKAGES = 'slurmctld slurmd slurm-client munge';
const NODE_NAME = 'dominosa-node';
const TERMINAL = new Set([
  'COMPLETED',
  'FAILED',
  'CANCELLED',
  'TIMEOUT',
  'NODE_FAIL',
  'PREEMPTED',
  'OUT_OF_MEMORY',
  'BOOT_FAIL',
  'DEADLINE',
]);

/** A program's path: on PATH, or where Debian puts daemons (root's PATH may lack sbin). */
function which(program: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/bin'].filter((d) => d !== '');
  const dir = dirs.find((d) => existsSync(join(d, program)));
  return dir === undefined ? null : join(dir, program);
}

/** The munge user's uid and gid, from /etc/passwd. */
function mungeUser(): { uid: number; gid: number } | null {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('munge:'));
  if (line === undefined) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Why a local cluster cannot start here, in one line; null when it can. */
export function clusterUnavailable(): string | null {
  if (process.platform !== 'linux') return `a local Slurm cluster needs Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0)
    return 'a local Slurm cluster needs root (munged runs as the munge user, slurmd as root)';
  const missing = PROGRAMS.filter((p) => which(p) === null);
  if (missing.length > 0)
    return `Slurm is not installed (${missing.join(', ')} not on PATH): apt-get install --no-install-recommends ${SLURM_PACKAGES}`;
  if (mungeUser() === null) return `there is no munge user (reinstall the munge package)`;
  return null;
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr !== null ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** One job, or one task of an array, as scontrol shows it. */
export interface JobInfo {
  jobId: string;
  arrayTaskId: string | null;
  state: string;
  exitCode: string;
  reason: string;
}

interface Daemon {
  name: string;
  child: ChildProcess;
  log: string;
  exited: Promise<void>;
  alive: boolean;
}

export class LocalCluster {
  /** Environment for Slurm's clients (sbatch, squeue, ...): SLURM_CONF names this cluster's configuration. */
  readonly env: NodeJS.ProcessEnv;
  private readonly daemons: Daemon[] = [];
  private readonly killAll = (): void => {
    for (const d of this.daemons) if (d.alive) d.child.kill('SIGKILL');
  };

  private constructor(
    /** The temp dir holding the configuration, state, spool, logs and munge's socket and key. */
    readonly dir: string,
    readonly conf: string,
  ) {
    // The daemons' folder too, so that clients and scripts find what which() found.
    this.env = { ...process.env, SLURM_CONF: conf, PATH: `${process.env.PATH ?? ''}:/usr/sbin:/usr/bin` };
    // Whatever happens to the caller, no daemon outlives this process.
    process.on('exit', this.killAll);
  }

  /**
   * Start munged, slurmctld and slurmd and wait until the node is idle; on failure, stop what
   * was started and throw with the daemons' last log lines.
   */
  static async start(options: { cpus?: number } = {}): Promise<LocalCluster> {
    const why = clusterUnavailable();
    if (why !== null) throw new Error(why);
    const dir = mkdtempSync(join(tmpdir(), 'dominosa-slurm-'));
    // munged (the munge user) must reach its socket's directory, and every client the socket.
    chmodSync(dir, 0o755);
    const cluster = new LocalCluster(dir, join(dir, 'slurm.conf'));
    try {
      await cluster.boot(options.cpus ?? availableParallelism());
      return cluster;
    } catch (e) {
      const logs = cluster.logTail();
      await cluster.stop().catch(() => undefined);
      // eslint-disable-next-line preserve-caught-error -- the message carries the cause's, with the daemons' logs
      throw new Error(`${(e as Error).message}\n${logs}`);
    }
  }

  private async boot(cpus: number): Promise<void> {
    const { dir } = this;
    const munge = mungeUser()!;
    const mungeDir = join(dir, 'munge');
    mkdirSync(mungeDir, { mode: 0o755 });
    chownSync(mungeDir, munge.uid, munge.gid);
    const key = join(mungeDir, 'munge.key');
    writeFileSync(key, randomBytes(128), { mode: 0o600 });
    chownSync(key, munge.uid, munge.gid);
    const socket = join(mungeDir, 'munge.socket');
    for (const sub of ['state', 'spool', 'log']) mkdirSync(join(dir, sub));
    const [ctldPort, slurmdPort] = [await freePort(), await freePort()];
    const host = hostname().split('.')[0];
    writeFileSync(
      this.conf,
      [
        'ClusterName=dominosa-local',
        `SlurmctldHost=${host}(127.0.0.1)`,
        `SlurmctldPort=${ctldPort}`,
        `SlurmdPort=${slurmdPort}`,
        'SlurmUser=root',
        'SlurmdUser=root',
        'AuthType=auth/munge',
        `AuthInfo=socket=${socket}`,
        'CredType=cred/munge',
        `StateSaveLocation=${join(dir, 'state')}`,
        `SlurmdSpoolDir=${join(dir, 'spool')}`,
        `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
        `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
        // No systemd or cgroups here: processes are tracked by their parent, tasks not bound.
        'ProctrackType=proctrack/linuxproc',
        'TaskPlugin=task/none',
        'SelectType=select/cons_tres',
        'SelectTypeParameters=CR_Core',
        'AccountingStorageType=accounting_storage/none',
        'JobAcctGatherType=jobacct_gather/none',
        'JobCompType=jobcomp/none',
        'MpiDefault=none',
        'MailProg=/bin/true',
        'ReturnToService=2',
        `NodeName=${NODE_NAME} NodeHostname=${host} NodeAddr=127.0.0.1 CPUs=${cpus} State=UNKNOWN`,
        `PartitionName=local Nodes=${NODE_NAME} Default=YES MaxTime=INFINITE State=UP`,
        '',
      ].join('\n'),
    );
    const m = this.daemon(
      'munged',
      'munged',
      [
        '--foreground',
        `--socket=${socket}`,
        `--key-file=${key}`,
        `--pid-file=${join(mungeDir, 'munged.pid')}`,
        `--log-file=${join(mungeDir, 'munged.log')}`,
        `--seed-file=${join(mungeDir, 'munged.seed')}`,
      ],
      munge,
    );
    await this.until(() => existsSync(socket), 10_000, 'munged did not create its socket', [m]);
    const ctld = this.daemon('slurmctld', 'slurmctld', ['-D', '-f', this.conf]);
    const slurmd = this.daemon('slurmd', 'slurmd', ['-D', '-N', NODE_NAME, '-f', this.conf]);
    await this.until(
      () => this.client('sinfo', ['-h', '-o', '%T'], true).trim() === 'idle',
      30_000,
      'the node did not become idle',
      [m, ctld, slurmd],
    );
  }

  private daemon(name: string, program: string, args: string[], user?: { uid: number; gid: number }): Daemon {
    const log = join(this.dir, 'log', `${name}.out`);
    const fd = openSync(log, 'a');
    const child = spawn(which(program)!, args, { stdio: ['ignore', fd, fd], env: this.env, ...(user ?? {}) });
    closeSync(fd);
    const d: Daemon = { name, child, log, alive: true, exited: Promise.resolve() };
    d.exited = new Promise((resolve) => {
      child.once('exit', () => {
        d.alive = false;
        resolve();
      });
      child.once('error', () => {
        d.alive = false;
        resolve();
      });
    });
    this.daemons.push(d);
    return d;
  }

  private async until(ready: () => boolean, ms: number, what: string, watched: Daemon[]): Promise<void> {
    const end = Date.now() + ms;
    for (;;) {
      const dead = watched.find((d) => !d.alive);
      if (dead) throw new Error(`${dead.name} exited while starting (${what})`);
      if (ready()) return;
      if (Date.now() > end) throw new Error(`${what} within ${ms / 1000} s`);
      await sleep(50);
    }
  }

  /** Run a Slurm client against this cluster; its stdout, or (failing) an Error with its stderr. */
  client(program: string, args: string[], quiet = false): string {
    const r = spawnSync(program, args, { env: this.env, encoding: 'utf8' });
    if (r.status !== 0) {
      if (quiet) return '';
      throw new Error(
        `${program} ${args.join(' ')} exited ${r.status}: ${(r.stderr || r.error?.message || '').trim()}`,
      );
    }
    return r.stdout;
  }

  /** Every job or array task of these ids, as scontrol shows it now. */
  jobs(ids: string[]): JobInfo[] {
    const out: JobInfo[] = [];
    for (const id of ids) {
      for (const line of this.client('scontrol', ['show', 'job', '-o', id]).split('\n')) {
        if (line.trim() === '') continue;
        const field = (k: string): string | null => new RegExp(`(?:^| )${k}=(\\S*)`).exec(line)?.[1] ?? null;
        out.push({
          jobId: field('JobId')!,
          arrayTaskId: field('ArrayTaskId'),
          state: field('JobState')!,
          exitCode: field('ExitCode') ?? '',
          reason: field('Reason') ?? '',
        });
      }
    }
    return out;
  }

  /** Wait until every job (and array task) of these ids has ended; their final records. */
  async waitForJobs(ids: string[], timeoutMs: number): Promise<JobInfo[]> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const jobs = this.jobs(ids);
      if (jobs.every((j) => TERMINAL.has(j.state))) return jobs;
      if (Date.now() > end) {
        throw new Error(
          `jobs ${ids.join(', ')} still not ended after ${timeoutMs / 1000} s: ${jobs.map((j) => `${j.jobId} ${j.state}`).join(', ')}`,
        );
      }
      await sleep(250);
    }
  }

  /** The last lines of every daemon's log, for a failure message. */
  logTail(lines = 8): string {
    const dir = join(this.dir, 'log');
    if (!existsSync(dir)) return '';
    return readdirSync(dir)
      .map((f) => `--- ${f}\n${readFileSync(join(dir, f), 'utf8').trimEnd().split('\n').slice(-lines).join('\n')}`)
      .join('\n');
  }

  /**
   * Cancel every job and wait for them to end, then stop slurmd, slurmctld and munged by pid
   * (SIGTERM, then SIGKILL after 5 s), and remove the temp dir. Throws when a daemon would not die.
   */
  async stop(): Promise<void> {
    const ctldUp = this.daemons.some((d) => d.name === 'slurmctld' && d.alive);
    if (ctldUp) {
      const ids = this.client('squeue', ['-h', '-o', '%A'], true)
        .split('\n')
        .filter((s) => s.trim() !== '');
      if (ids.length > 0) {
        this.client('scancel', ids, true);
        const end = Date.now() + 20_000;
        while (Date.now() < end && this.client('squeue', ['-h', '-o', '%A'], true).trim() !== '') await sleep(200);
      }
    }
    const stuck: string[] = [];
    for (const d of [...this.daemons].reverse()) {
      if (!d.alive) continue;
      d.child.kill('SIGTERM');
      const ended = await Promise.race([d.exited.then(() => true), sleep(5000).then(() => false)]);
      if (!ended) {
        d.child.kill('SIGKILL');
        await Promise.race([d.exited, sleep(2000)]);
        if (d.alive) stuck.push(`${d.name} (pid ${d.child.pid})`);
      }
    }
    process.removeListener('exit', this.killAll);
    if (stuck.length > 0) throw new Error(`could not stop ${stuck.join(', ')}; left ${this.dir}`);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The jobs submit.sh submitted, read from what it prints. */
export function submittedJobs(stdout: string): { array: string; merge: string } {
  const m = /^submitted job (\d+) \(shards .*\) and job (\d+) \(the merge/m.exec(stdout);
  if (!m) throw new Error(`submit.sh printed no job ids:\n${stdout}`);
  return { array: m[1], merge: m[2] };
}
