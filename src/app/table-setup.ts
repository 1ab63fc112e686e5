// The config's `setup` at start. An empty journal gets it at once. A journal whose table plays other rules or
// another seat count than the config (profile resolved with its overrides, every value compared) gets a new setup
// at the next hand boundary: at once between hands, else right after the hand under way ends. Logged with what
// changed; equal rules journal nothing.
import type { Logger } from 'pino';
import { TableError } from '../domain/errors.ts';
import { gameOf, type BettingName, type GameName } from '../domain/games/index.ts';
import { rulesOf } from '../domain/profile/resolve.ts';
import type { Profile } from '../domain/profile/profile.ts';
import type { TableEvent } from '../domain/types.ts';
import type { Runtime } from '../runtime/types.ts';

export interface TableSetupConfig {
  source: string;
  table: { seats: number; profile: string; game?: GameName; betting?: BettingName };
}

export interface RuleChange {
  field: string;
  journal: unknown;
  config: unknown;
}

/** Every leaf value that differs between two profiles' rules (`shotClock.enabled`); a list is one value. */
export function ruleChanges(journal: object, config: object): RuleChange[] {
  const out: RuleChange[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    const isObj = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
    if (isObj(a) && isObj(b)) {
      const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
      for (const k of [...keys].sort())
        walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k);
    } else if (JSON.stringify(a) !== JSON.stringify(b)) {
      out.push({ field: path, journal: a ?? null, config: b ?? null });
    }
  };
  walk(rulesOf(journal), rulesOf(config), '');
  return out;
}

export function setUpTable(runtime: Runtime, config: TableSetupConfig, profile: Profile, logger: Logger): void {
  const log = logger.child({ module: 'setup' });
  const input = {
    type: 'command',
    name: 'setup',
    seats: config.table.seats,
    profile: config.table.profile,
    game: config.table.game ?? 'holdem',
    ...(config.table.betting ? { betting: config.table.betting } : {}),
    rules: rulesOf(profile),
  };
  const betting = config.table.betting ?? gameOf(input.game).defaultBetting; // R-GAME-LIST
  const snapshot = runtime.snapshot();
  const playing = runtime.profile?.() ?? null;
  if (snapshot.seats === 0) {
    apply(runtime, input, config);
    log.info({ seats: input.seats, profile: input.profile, game: input.game }, 'table set up from the config');
    return;
  }
  const changed = {
    ...(snapshot.seats !== input.seats ? { seats: { journal: snapshot.seats, config: input.seats } } : {}),
    ...(snapshot.profile !== input.profile ? { profile: { journal: snapshot.profile, config: input.profile } } : {}),
    ...(snapshot.game !== input.game ? { game: { journal: snapshot.game, config: input.game } } : {}),
    ...(snapshot.betting !== betting ? { betting: { journal: snapshot.betting, config: betting } } : {}),
    ...(playing ? { rules: ruleChanges(playing, profile) } : {}),
  };
  if (!changed.seats && !changed.profile && !changed.game && !changed.betting && (changed.rules?.length ?? 0) === 0)
    return;
  if (snapshot.hand === null) {
    apply(runtime, input, config);
    log.info({ changed }, 'the config changed the table; set up again before the next hand');
    return;
  }
  log.info({ changed, hand: snapshot.hand }, 'the config changed the table; applied when the hand under way ends');
  const stop = runtime.onEvents(() => {
    if (runtime.snapshot().hand !== null) return;
    try {
      apply(runtime, input, config);
      stop();
      log.info({ changed }, 'the hand ended: the table is set up again from the config');
    } catch (err) {
      if (err instanceof TableError && err.code === 'CONFIG_INVALID') {
        stop();
        log.error({ err }, "the table refused the config's setup; it keeps the journal's");
        return;
      }
      // A journal that refuses writes (full disk): the next batch of events tries again.
      log.error({ err }, 'the config could not set the table up again; retrying after the next event');
    }
  });
}

function apply(runtime: Runtime, input: Record<string, unknown> & { type: string }, config: TableSetupConfig): void {
  const events: TableEvent[] = runtime.submit(input);
  const refused = events.find((e) => e.type === 'request.rejected' && e.request === 'setup');
  if (refused?.type === 'request.rejected' || !events.some((e) => e.type === 'table.ready')) {
    throw new TableError(
      'CONFIG_INVALID',
      `${config.source}: the table refused the config's setup (${refused?.type === 'request.rejected' ? refused.reason : 'no table.ready'})`,
      { file: config.source, field: '/table' },
    );
  }
}
