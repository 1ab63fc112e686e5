// `npm run bench:kill`: kills a real table process with SIGKILL again and again, at random moments (during start-up,
// recovery and play), always on the same journal, then lets one last run play to the end and checks what a power
// cut must not cost: no event lost, no `seq` gap, and a replay of the journal's inputs byte-equal to the outbox.
// The process is `npm start` (the simulated table: engine, journal, embedded broker, simulated devices), which
// resumes its own --state-dir. Figures only, printed; docs/durability.md records them. Exit 1 if a check fails.
//   KILLS (default 150)        how many times to kill
//   KILL_WITHIN_MS (12000)     each kill lands at a uniformly random moment this long after the spawn
//   SEED (1)                   the kill moments' seed (the table's own seed is fixed)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { simulatedDeck } from '../src/app/simulation.ts';
import { loadProfiles } from '../src/config/profiles.ts';
import { domainEngine } from '../src/runtime/engine.ts';
import { numbered } from '../src/runtime/numbering.ts';
import { createRandom } from '../src/sim/random.ts';
import { freePort } from '../test/helpers/mosquitto.ts';

const root = join(import.meta.dirname, '..');
const env = (name: string, fallback: number) => {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number`);
  return n;
};
const KILLS = env('KILLS', 150);
const WITHIN = env('KILL_WITHIN_MS', 12_000);
const random = createRandom(env('SEED', 1));

interface Life {
  /** ms from spawn to the kill, and to the table being up (its summary header), if it got there. */
  killedAt: number;
  upAt: number | null;
  code: number | null;
  output: string;
}

async function life(dir: string, ports: number[], killAfter: number | null, hands?: number): Promise<Life> {
  const [mqtt, ws, http] = ports.map(String) as [string, string, string];
  const args = ['--state-dir', dir, '--speed', '40', '--seed', '11', '--irregularities', '0.3'];
  args.push('--mqtt-port', mqtt, '--ws-port', ws, '--http-port', http, '--log-level', 'error');
  if (hands !== undefined) args.push('--hands', String(hands));
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/app/main.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let upAt: number | null = null;
  child.stdout.on('data', (b: Buffer) => {
    output += b.toString();
    if (upAt === null && output.includes('display board')) upAt = performance.now() - started;
  });
  child.stderr.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let killedAt = -1;
  if (killAfter !== null) {
    const timer = setTimeout(() => {
      killedAt = performance.now() - started;
      child.kill('SIGKILL');
    }, killAfter);
    const code = await exited;
    clearTimeout(timer);
    return { killedAt, upAt, code, output };
  }
  return { killedAt, upAt, code: await exited, output };
}

/** Whether the journal shows a hand started and not ended (the kill landed mid-hand). */
function midHand(dir: string): boolean {
  const file = join(dir, 'table.db');
  if (!existsSync(file)) return false;
  const db = new Database(file, { readonly: true });
  try {
    const open = db
      .prepare(
        "SELECT (SELECT count(*) FROM events WHERE type = 'hand.started') - " +
          "(SELECT count(*) FROM events WHERE type = 'hand.ended')",
      )
      .pluck()
      .get() as number;
    return open > 0;
  } finally {
    db.close();
  }
}

interface Check {
  inputs: number;
  events: number;
  gaps: number;
  replayDiffers: number;
  firstDifference: string | null;
  hands: number;
  unfinishedHands: number;
}

function check(dir: string): Check {
  const db = new Database(join(dir, 'table.db'), { readonly: true });
  try {
    const inputs = db.prepare('SELECT json FROM inputs ORDER BY id').pluck().all() as string[];
    const stored = db.prepare('SELECT seq, json FROM events ORDER BY seq').all() as { seq: number; json: string }[];
    let gaps = 0;
    stored.forEach((e, i) => void (e.seq !== i + 1 && gaps++));
    // The journal's inputs through a fresh engine, one by one, exactly as journaled.
    const table = domainEngine.create({ profiles: loadProfiles(), deck: simulatedDeck() });
    const replayed: string[] = [];
    for (const json of inputs) {
      for (const e of table.apply(JSON.parse(json))) replayed.push(JSON.stringify(numbered(e, replayed.length + 1)));
    }
    let replayDiffers = Math.abs(replayed.length - stored.length);
    let firstDifference: string | null = null;
    for (let i = 0; i < Math.min(replayed.length, stored.length); i++) {
      if (replayed[i] === stored[i]!.json) continue;
      replayDiffers++;
      firstDifference ??= `seq ${stored[i]!.seq}: outbox ${stored[i]!.json} / replay ${replayed[i]}`;
    }
    if (firstDifference === null && replayed.length !== stored.length)
      firstDifference = `${stored.length} events in the outbox, ${replayed.length} in the replay`;
    const types = stored.map((e) => (JSON.parse(e.json) as { type: string }).type);
    const hands = types.filter((t) => t === 'hand.started').length;
    const unfinishedHands = hands - types.filter((t) => t === 'hand.ended').length;
    return {
      inputs: inputs.length,
      events: stored.length,
      gaps,
      replayDiffers,
      firstDifference,
      hands,
      unfinishedHands,
    };
  } finally {
    db.close();
  }
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'pokertable-kill-loop-'));
  const ports = [await freePort(), await freePort(), await freePort()];
  console.log(`pokertable kill loop: ${KILLS} SIGKILLs at random moments within ${WITHIN} ms of each start`);
  const began = performance.now();
  let duringStart = 0;
  let duringPlay = 0;
  let duringHand = 0;
  const failures: string[] = [];
  try {
    for (let k = 1; k <= KILLS; k++) {
      const l = await life(dir, ports, random.int(0, WITHIN));
      if (l.killedAt < 0) failures.push(`life ${k} exited by itself (code ${l.code}) before its kill:\n${l.output}`);
      else if (l.upAt === null || l.upAt > l.killedAt) duringStart++;
      else duringPlay++;
      if (midHand(dir)) duringHand++;
      if (k % 25 === 0) console.log(`  ${k} kills (${duringStart} during start-up, ${duringPlay} during play)`);
      if (failures.length > 0) break;
    }
    const last = await life(dir, ports, null, 3);
    if (last.code !== 0) failures.push(`the last run (--hands 3) exited ${last.code}:\n${last.output}`);
    const c = check(dir);
    const seconds = ((performance.now() - began) / 1000).toFixed(0);
    console.log(
      `  kills: ${duringStart + duringPlay} (${duringStart} during start-up, ${duringPlay} once up; ` +
        `${duringHand} left a hand under way in the journal), ${seconds} s`,
    );
    console.log(
      `  journal: ${c.inputs} inputs, ${c.events} events, ${c.hands} hands (${c.unfinishedHands} unfinished)`,
    );
    console.log(
      `  seq gaps: ${c.gaps}; events differing between the outbox and a replay of the journal: ${c.replayDiffers}`,
    );
    if (c.gaps > 0) failures.push(`${c.gaps} seq gaps`);
    if (c.replayDiffers > 0) failures.push(`replay differs from the outbox: ${c.firstDifference}`);
    if (c.unfinishedHands !== 0) failures.push(`${c.unfinishedHands} hands started but not ended`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const f of failures) console.log(`FAILED: ${f}`);
  if (failures.length === 0) console.log('  ok: 0 events lost, 0 seq gaps, replay byte-equal to the outbox');
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
