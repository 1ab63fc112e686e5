// `npm start` without --config: a whole table with nothing plugged in. The virtual dealer and players (src/sim) play
// through a simulated shoe and a simulated Firmata board; the embedded broker and the display board run as in
// production; time runs --speed times faster.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { loadProfiles } from '../config/profiles.ts';
import { loadStructures } from '../config/structures.ts';
import type { TableConfig } from '../config/types.ts';
import { createSimulatedBoard } from '../hardware/firmata/simulated.ts';
import { createSimulatedDisplay } from '../hardware/serial-board/simulated.ts';
import { createSimulatedAntenna } from '../hardware/antenna/simulated.ts';
import { createSimulatedShoe } from '../hardware/shoe/simulated.ts';
import type { TableSnapshot } from '../domain/snapshot/types.ts';
import type { Clock } from '../runtime/types.ts';
import type { StartArgs } from './args.ts';
import { scaledClock } from './clock.ts';
import { clockStepReporter } from './clock-steps.ts';
import { FLOOR_PASSWORD_ENV, floorAccount, type FloorAccount } from './floor-account.ts';
import { playersFor, type ResumeFrom, type VirtualTableOptions } from '../sim/index.ts';
import { createSimulatedChipTable } from './chip-readers.ts';
import { createRoomDealer } from '../fleet/dealer.ts';
import {
  createSimulation,
  eventsOfHandUnderWay,
  simulatedDeck,
  type Simulation,
  type VirtualTable,
} from './simulation.ts';
import { createSummary, type Summary } from './summary.ts';
import { startTableApp, type TableApp } from './table-app.ts';

export interface SimulatedDeps {
  createVirtualTable: (options: VirtualTableOptions) => VirtualTable;
  logger: Logger;
  out: NodeJS.WritableStream & { isTTY?: boolean };
  /** Injected for tests; the scaled wall clock by default. */
  clock?: Clock;
  /** Where POKERTABLE_FLOOR_PASSWORD is read (process.env by default). */
  env?: NodeJS.ProcessEnv;
}

export interface RunningTable {
  app: TableApp;
  /** Resolves when --hands N hands have been played (never without --hands). */
  finished: Promise<void>;
  stop(): Promise<void>;
}

export const SIM_PROFILE = 'tda';
export const SIM_TABLE_ID = 'sim';
/** Wall-clock ms between the table being up and the virtual dealer's first input. */
export const START_GRACE_MS = 1500;

export function simulatedConfig(args: StartArgs, stateDir: string, floor?: FloorAccount): TableConfig {
  return {
    source: '(simulated table)',
    table: {
      id: args.tableId ?? SIM_TABLE_ID,
      seats: args.seats,
      profile: SIM_PROFILE,
      game: args.game,
      ...(args.betting ? { betting: args.betting } : {}),
      rules: {},
      deckFile: null,
      chipsFile: null,
    },
    storage: { dir: stateDir, retentionDays: 30, fsync: 'every-input' },
    // --room: the table takes the room's seat-player, move-player and level-set (docs/room.md)
    room: args.room,
    broadcast: null,
    mqtt: {
      baseTopic: 'pokertable',
      embedded: {
        host: '127.0.0.1',
        port: args.mqttPort ?? 1883,
        wsPort: args.wsPort ?? 8083,
        anonymousRoles: ['display'],
        // The floor page logs in with this account; the broker's ACL gives it the floor role.
        users: floor ? [floor.user] : [],
      },
      // --broker: the room's (or a venue's) broker; the pages reach it through the board's /mqtt (http.ts `pipe`)
      external: args.broker !== null ? { url: args.broker, rejectUnauthorized: true } : null,
      secureDelayMs: 0,
    },
    http: { host: '127.0.0.1', port: args.httpPort ?? 8080 },
    devices: [
      { name: 'shoe', definition: 'simulated-pcsc-shoe' },
      { name: 'antennas', definition: 'simulated-pcsc-antenna' },
      { name: 'board', definition: 'simulated-firmata-board' },
    ],
    log: { level: args.logLevel ?? 'warn' },
  };
}

export async function startSimulatedTable(args: StartArgs, deps: SimulatedDeps): Promise<RunningTable> {
  const { logger } = deps;
  // A fresh journal each run, in a temporary directory unless --state-dir names one to keep (and resume from).
  const tempDir = args.stateDir === null ? mkdtempSync(resolve(tmpdir(), 'pokertable-sim-')) : null;
  const stateDir = args.stateDir !== null ? resolve(args.stateDir) : (tempDir as string);
  const floor = floorAccount(deps.env ?? process.env);
  const config = simulatedConfig(args, stateDir, floor);
  const steps = clockStepReporter(logger);
  const clock = deps.clock ?? scaledClock(args.speed, { onStep: steps.onStep });
  let app: TableApp | null = null;
  const devices = simulatedDevices(args, clock, () => app!.runtime.snapshot());
  const running = (app = await startApp({ args, config, clock, logger, devices, steps, tempDir }));
  const recovered = running.runtime.snapshot();
  const resume = resumeFrom(recovered, running, logger, stateDir);
  const summary = createSummary({
    out: deps.out,
    header: summaryHeader({
      args,
      config,
      app: running,
      floor,
      stateDir,
      tempDir,
      resumedAt: resume ? recovered.seq : null,
    }),
  });
  const hands = countHands(running, args.hands, summary);
  const sim = createSimulation({
    runtime: running.runtime,
    clock,
    table: dealerFor(args, deps, clock, devices.deck, resume),
    shoe: devices.shoe,
    antennas: devices.antennas,
    board: devices.board,
    deck: devices.deck,
    ...(devices.chipTable ? { chipTable: devices.chipTable } : {}),
    logger,
  });
  hands.simulation = sim;
  sim.start();

  let stopping: Promise<void> | null = null;
  return {
    app: running,
    finished: hands.finished,
    stop: () =>
      (stopping ??= (async () => {
        sim.stop();
        hands.unsubscribe();
        summary.close();
        summary.line(`pokertable: stopped after ${hands.played} hand${hands.played === 1 ? '' : 's'}`);
        await running.stop();
        if (tempDir) rmSync(tempDir, { recursive: true, force: true });
      })()),
  };
}

/** The table itself; a temporary journal folder goes if it cannot start. */
async function startApp(o: {
  args: StartArgs;
  config: TableConfig;
  clock: Clock;
  logger: Logger;
  devices: ReturnType<typeof simulatedDevices>;
  steps: ReturnType<typeof clockStepReporter>;
  tempDir: string | null;
}): Promise<TableApp> {
  const { args, devices } = o;
  try {
    return await startTableApp({
      config: o.config,
      clock: o.clock,
      speed: args.speed,
      profiles: loadProfiles(),
      structures: loadStructures(),
      deck: devices.deck,
      devices: [devices.shoe, devices.antennas, devices.board, devices.display, ...(devices.chipTable?.readers ?? [])],
      logger: o.logger,
      newJournal: args.newJournal,
      prepare: (runtime) => o.steps.attach(runtime),
    });
  } catch (error) {
    if (o.tempDir) rmSync(o.tempDir, { recursive: true, force: true });
    throw error;
  }
}

function simulatedDevices(args: StartArgs, clock: Clock, snapshot: () => TableSnapshot) {
  return {
    deck: simulatedDeck(),
    shoe: createSimulatedShoe('shoe'),
    // One simulated device plays every card antenna: each seat's, the board's and the muck's (R-CARD-PLACE).
    antennas: createSimulatedAntenna('antennas'),
    board: createSimulatedBoard({ name: 'board' }),
    // The level-clock display board, as an emulated serial board in memory (the real adapter, the real frames).
    display: createSimulatedDisplay({ name: 'display' }),
    // --chip-readers: a chip reader at each seat, playing the players' amounts as chips (chip-readers.ts).
    chipTable: args.chipReaders ? createSimulatedChipTable({ seats: args.seats, clock, snapshot }) : null,
  };
}

/** A kept journal (a demo host's power cut) is played on: the virtual dealer ends the hand it finds under way. */
function resumeFrom(recovered: TableSnapshot, app: TableApp, logger: Logger, stateDir: string): ResumeFrom | undefined {
  if (recovered.seats === 0) return undefined;
  logger.warn(
    { seq: recovered.seq, hand: recovered.hand, stateDir },
    recovered.hand === null
      ? 'resuming the simulated table from its journal'
      : 'resuming the simulated table from its journal; the hand under way is ended (misdeal, or folded down)',
  );
  return {
    snapshot: recovered,
    handEvents: recovered.hand === null ? [] : eventsOfHandUnderWay(app.runtime.outbox, recovered.hand),
  };
}

function summaryHeader(o: {
  args: StartArgs;
  config: TableConfig;
  app: TableApp;
  floor: FloorAccount;
  stateDir: string;
  tempDir: string | null;
  /** The journal's seq the table was resumed at, if it was. */
  resumedAt: number | null;
}): string[] {
  const { args, app, floor } = o;
  return [
    `pokertable: simulated table "${o.config.table.id}"${args.room ? ` in room ${args.room}` : ''}, ${args.seats} seats, ${args.mixed ? args.mixed.map((m) => m.game).join('/') : args.game}${args.betting ? ` ${args.betting}` : ''}, profile ${SIM_PROFILE}, seed ${args.seed}, ` +
      `speed ${args.speed}x, irregularities ${args.irregularities}${args.hands !== null ? `, ${args.hands} hands` : ''}`,
    `  display board  ${app.urls.board ?? '(off)'}`,
    `  floor page     ${app.urls.floor ?? '(off)'}   ` +
      (args.broker !== null
        ? `log in with a floor account of ${args.broker}`
        : `user ${floor.user.username}, password ` +
          (floor.fromEnv
            ? `from ${FLOOR_PASSWORD_ENV}`
            : `${floor.user.password} (set ${FLOOR_PASSWORD_ENV} to choose it)`)),
    `  MQTT           ${app.urls.mqtt}   WebSocket ${app.urls.ws ?? '(off)'}   topics ${app.bridge.base}/#`,
    `  journal        ${o.stateDir}${o.tempDir ? ' (temporary)' : ''}${o.resumedAt !== null ? ` (resumed at seq ${o.resumedAt})` : ''}   logs: ${args.logFile ?? 'stderr'} at ${o.config.log.level}`,
  ];
}

/** Hands played, kept on the summary; `finished` once --hands N have been. */
function countHands(app: TableApp, wanted: number | null, summary: Summary) {
  let finish: () => void = () => {};
  const hands = {
    played: 0,
    simulation: null as Simulation | null,
    finished: new Promise<void>((r) => (finish = r)),
    unsubscribe: () => {},
  };
  hands.unsubscribe = app.runtime.onEvents((events) => {
    summary.update(events, app.runtime.snapshot());
    for (const e of events) if (e.type === 'hand.ended') hands.played++;
    if (wanted !== null && hands.played >= wanted) {
      // At once, in this batch: at high speed the dealer's next shuffle could otherwise start a hand before the
      // shutdown gets going, and a kept journal would stop mid-hand.
      hands.simulation?.stop();
      finish();
    }
  });
  return hands;
}

/** In a room the room seats the players and runs the clock: the fleet's room dealer (src/fleet/dealer.ts) deals for
 * the players the room sends; alone, the virtual dealer seats its own. */
function dealerFor(
  args: StartArgs,
  deps: SimulatedDeps,
  clock: Clock,
  deck: ReadonlyMap<string, string>,
  resume: ResumeFrom | undefined,
): VirtualTable {
  if (args.room !== null)
    return createRoomDealer({
      seed: args.seed,
      seats: args.seats,
      startAt: clock.now() + START_GRACE_MS,
      hands: args.hands,
      levels: null,
    });
  return deps.createVirtualTable({
    seed: args.seed,
    seats: args.seats,
    players: playersFor(args.seats, args.mixed ? args.mixed.map((m) => m.game) : [args.game]),
    profile: SIM_PROFILE,
    game: args.game,
    ...(args.betting ? { betting: args.betting } : {}),
    ...(args.mixed ? { mixed: args.mixed } : {}),
    chips: args.chips,
    irregularityRate: args.irregularities,
    // Levels run unless asked not to: `--irregularities 0` (clean play) is no reason to stop the blinds going up.
    levels: args.levels,
    // Cards seen by the antennas now and then, rarely at the wrong seat: a card.misplaced to watch for.
    sightings: true,
    // Reads carry tag ids, which the simulated shoe passes on and the engine resolves through the enrolled deck.
    deck,
    // The dealer sits down a moment after start, so a board or subscriber that connects with the table sees it from
    // its first event (`table.ready`).
    startAt: clock.now() + START_GRACE_MS * args.speed,
    ...(resume ? { resume } : {}),
  });
}
