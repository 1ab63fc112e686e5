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
import type { Clock } from '../runtime/types.ts';
import type { StartArgs } from './args.ts';
import { scaledClock } from './clock.ts';
import { clockStepReporter } from './clock-steps.ts';
import { FLOOR_PASSWORD_ENV, floorAccount, type FloorAccount } from './floor-account.ts';
import type { ResumeFrom, VirtualTableOptions } from '../sim/index.ts';
import { createSimulatedChipTable } from './chip-readers.ts';
import { createRoomDealer } from '../fleet/dealer.ts';
import { createSimulation, eventsOfHandUnderWay, simulatedDeck, type VirtualTable } from './simulation.ts';
import { createSummary } from './summary.ts';
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
  const deck = simulatedDeck();
  const shoe = createSimulatedShoe('shoe');
  // One simulated device plays every card antenna: each seat's, the board's and the muck's (R-CARD-PLACE).
  const antennas = createSimulatedAntenna('antennas');
  const board = createSimulatedBoard({ name: 'board' });
  // The level-clock display board, as an emulated serial board in memory (the real adapter, the real frames).
  const display = createSimulatedDisplay({ name: 'display' });
  // --chip-readers: a chip reader at each seat, playing the players' amounts as chips (chip-readers.ts).
  const chipTable = args.chipReaders
    ? createSimulatedChipTable({ seats: args.seats, clock, snapshot: () => app.runtime.snapshot() })
    : null;

  let app: TableApp;
  try {
    app = await startTableApp({
      config,
      clock,
      speed: args.speed,
      profiles: loadProfiles(),
      structures: loadStructures(),
      deck,
      devices: [shoe, antennas, board, display, ...(chipTable?.readers ?? [])],
      logger,
      newJournal: args.newJournal,
      prepare: (runtime) => steps.attach(runtime),
    });
  } catch (error) {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }

  // A kept journal (a demo host's power cut) is played on: the virtual dealer ends the hand it finds under way.
  const recovered = app.runtime.snapshot();
  const resume: ResumeFrom | undefined =
    recovered.seats === 0
      ? undefined
      : {
          snapshot: recovered,
          handEvents: recovered.hand === null ? [] : eventsOfHandUnderWay(app.runtime.outbox, recovered.hand),
        };
  if (resume) {
    logger.warn(
      { seq: recovered.seq, hand: recovered.hand, stateDir },
      recovered.hand === null
        ? 'resuming the simulated table from its journal'
        : 'resuming the simulated table from its journal; the hand under way is ended (misdeal, or folded down)',
    );
  }
  const summary = createSummary({
    out: deps.out,
    header: [
      `pokertable: simulated table "${config.table.id}"${args.room ? ` in room ${args.room}` : ''}, ${args.seats} seats, ${args.game}, profile ${SIM_PROFILE}, seed ${args.seed}, ` +
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
      `  journal        ${stateDir}${tempDir ? ' (temporary)' : ''}${resume ? ` (resumed at seq ${recovered.seq})` : ''}   logs: ${args.logFile ?? 'stderr'} at ${config.log.level}`,
    ],
  });

  let handsPlayed = 0;
  let simulation: ReturnType<typeof createSimulation> | null = null;
  let finish: () => void = () => {};
  const finished = new Promise<void>((r) => (finish = r));
  const unsubscribe = app.runtime.onEvents((events) => {
    summary.update(events, app.runtime.snapshot());
    for (const e of events) if (e.type === 'hand.ended') handsPlayed++;
    if (args.hands !== null && handsPlayed >= args.hands) {
      // At once, in this batch: at high speed the dealer's next shuffle could otherwise start a hand before the
      // shutdown gets going, and a kept journal would stop mid-hand.
      simulation?.stop();
      finish();
    }
  });

  // In a room the room seats the players and runs the clock: the fleet's room dealer (src/fleet/dealer.ts) deals for
  // the players the room sends; alone, the virtual dealer seats its own.
  const virtualTable =
    args.room !== null
      ? createRoomDealer({
          seed: args.seed,
          seats: args.seats,
          startAt: clock.now() + START_GRACE_MS,
          hands: args.hands,
          levels: null,
        })
      : deps.createVirtualTable({
          seed: args.seed,
          seats: args.seats,
          players: args.seats,
          profile: SIM_PROFILE,
          game: args.game,
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
  const sim = createSimulation({
    runtime: app.runtime,
    clock,
    table: virtualTable,
    shoe,
    antennas,
    board,
    deck,
    ...(chipTable ? { chipTable } : {}),
    logger,
  });
  simulation = sim;
  sim.start();

  let stopping: Promise<void> | null = null;
  return {
    app,
    finished,
    stop: () =>
      (stopping ??= (async () => {
        sim.stop();
        unsubscribe();
        summary.close();
        summary.line(`pokertable: stopped after ${handsPlayed} hand${handsPlayed === 1 ? '' : 's'}`);
        await app.stop();
        if (tempDir) rmSync(tempDir, { recursive: true, force: true });
      })()),
  };
}
