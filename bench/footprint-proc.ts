// What the footprint benchmark reads about the table process from outside: /proc/<pid>/status (resident memory),
// /proc/<pid>/io (bytes written), strace's count of fsyncs; and the table config it starts the built table on.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const MB = 1024 * 1024;

export interface Memory {
  /** Resident now (VmRSS), bytes. */
  rss: number;
  /** Highest resident so far (VmHWM), bytes. */
  peak: number;
}

export interface Io {
  /** Bytes this process caused to be sent to storage (page cache writes count when dirtied). */
  writeBytes: number;
  /** Bytes given to write(2) and friends: files and sockets alike. */
  wchar: number;
  /** write(2)-like calls. */
  syscw: number;
}

export function memoryOf(pid: number): Memory | null {
  const text = readProc(pid, 'status');
  if (text === null) return null;
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Resident memory by kind of mapping (/proc/<pid>/smaps): the node executable's pages (code and data touched so
 * far: file-backed, shared, the kernel can drop them), other shared libraries and native addons, malloc's heap
 * ([heap]) and anonymous mappings (V8's heap, large mallocs, thread stacks). */
export function residentByKind(pid: number): Record<'node' | 'libs' | 'malloc' | 'anon', number> | null {
  const text = readProc(pid, 'smaps');
  if (text === null) return null;
  const out = { node: 0, libs: 0, malloc: 0, anon: 0 };
  let kind: keyof typeof out = 'anon';
  for (const line of text.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const name = head[1] ?? '';
      kind =
        name === '' || name.startsWith('[anon') || name.startsWith('[stack')
          ? 'anon'
          : name === '[heap]'
            ? 'malloc'
            : name === process.execPath || name.endsWith('/node')
              ? 'node'
              : 'libs';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) out[kind] += Number(rss[1]) * 1024;
  }
  return out;
}

/** CPU time used so far (user + system), ms: what a start costs whatever else the machine is doing. */
export function cpuMsOf(pid: number): number | null {
  const text = readProc(pid, 'stat');
  if (text === null) return null;
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in 1/100 s.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function ioOf(pid: number): Io | null {
  const text = readProc(pid, 'io');
  if (text === null) return null;
  const n = (key: string) => Number(new RegExp(`^${key}: (\\d+)`, 'm').exec(text)?.[1] ?? NaN);
  return { writeBytes: n('write_bytes'), wchar: n('wchar'), syscw: n('syscw') };
}

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null; // the process has exited
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A table config as an installed table has one, with simulated devices in place of the shoe, board and display.
 * Its WebSocket and HTTP ports are overridden with `--ws-port 0 --http-port 0` (free ports). */
export function tableConfig(options: { id: string; stateDir: string; mqttPort: number }): string {
  return `# Written by bench/footprint.ts
table: { id: ${options.id}, seats: 9, profile: tda, deckFile: null }
storage: { dir: ${JSON.stringify(options.stateDir)}, retentionDays: 30, fsync: every-input }
mqtt:
  baseTopic: pokertable
  embedded: { host: 127.0.0.1, port: ${options.mqttPort}, wsPort: 8083, anonymousRoles: [display], users: [] }
  external: null
http: { host: 127.0.0.1, port: 8080 }
devices:
  - { name: shoe, definition: simulated-pcsc-shoe }
  - { name: board, definition: simulated-firmata-board }
  - { name: display, definition: simulated-serial-display }
log: { level: warn }
`;
}

export interface Launched {
  child: ChildProcess;
  /** The table's own pid (under strace, strace's child). */
  pid: number;
  exited: Promise<number | null>;
  /** strace's summary file, when counting fsyncs. */
  straceOut: string | null;
}

/** Starts `node <nodeArgs> <args>`, under `strace -f -c` (fsync and fdatasync only, seccomp-filtered so the other
 * system calls run at full speed) when `straceOut` names a file. */
export async function launch(nodeArgs: string[], straceOut: string | null, cwd: string): Promise<Launched> {
  const command = straceOut
    ? ['strace', '-f', '-c', '--seccomp-bpf', '-e', 'trace=fsync,fdatasync', '-o', straceOut, process.execPath]
    : [process.execPath];
  const child = spawn(command[0]!, [...command.slice(1), ...nodeArgs], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (code !== 0 && stderr) process.stderr.write(stderr);
      resolve(code);
    }),
  );
  let pid = child.pid!;
  if (straceOut) pid = await childOf(child.pid!);
  // A benchmark stopped early (Ctrl-C, timeout) leaves no table behind; a traced one outlives a killed strace.
  const cleanup = () => {
    for (const p of new Set([pid, child.pid!])) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', cleanup);
  void exited.then(() => process.off('exit', cleanup));
  return { child, pid, exited, straceOut };
}

/** The node process strace started. Not simply strace's first child: with --seccomp-bpf strace may fork helpers
 * first, and a pid that is not the table's gives no RSS samples (seen on this machine). */
async function childOf(parent: number): Promise<number> {
  for (let i = 0; i < 500; i++) {
    const tasks = existsSync(`/proc/${parent}/task`) ? readdirSync(`/proc/${parent}/task`) : [];
    for (const task of tasks) {
      const file = `/proc/${parent}/task/${task}/children`;
      const children = existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean) : [];
      for (const child of children) {
        const command = readProc(Number(child), 'cmdline')?.split('\0')[0];
        if (command === process.execPath) return Number(child);
      }
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`strace (pid ${parent}) started no node`);
}

/** fsync + fdatasync calls from strace's summary table, or null. */
export function fsyncsCounted(straceOut: string): number | null {
  if (!existsSync(straceOut)) return null;
  let total = 0;
  let found = false;
  for (const line of readFileSync(straceOut, 'utf8').split('\n')) {
    const m = /^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(fsync|fdatasync)\s*$/.exec(line);
    if (m) {
      total += Number(m[1]);
      found = true;
    }
  }
  return found ? total : null;
}

export function hasStrace(): boolean {
  return (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(join(dir, 'strace')));
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
