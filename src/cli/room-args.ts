// The flags of `npm run room` (src/cli/room.ts), checked: a mistake is a sentence, exit 2.
export const USAGE =
  'usage: npm run room -- --config room.yaml [--log-level trace|debug|info|warn|error] [--new-journal]\n' +
  '       npm run room -- --demo [--tables 3] [--port 8090] [--mqtt-port 1884] [--level-minutes 5]\n' +
  '       npm run room -- chop …   (the ICM and even chops at a final table: npm run room -- chop --help)\n';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error'];

export type RoomArgs =
  /** `newJournal`: a damaged or emptied journal is kept aside and a new one begun (docs/room.md, "The journal"). */
  | { demo: false; config: string; logLevel: string | null; newJournal: boolean }
  | {
      demo: true;
      tables: number;
      webPort: number;
      mqttPort: number;
      levelMinutes: number;
      logLevel: string | null;
    };

const NUMBERS: Record<string, { key: 'tables' | 'webPort' | 'mqttPort' | 'levelMinutes'; min: number; max: number }> = {
  '--tables': { key: 'tables', min: 2, max: 6 },
  '--port': { key: 'webPort', min: 0, max: 65535 },
  '--mqtt-port': { key: 'mqttPort', min: 0, max: 65535 },
  '--level-minutes': { key: 'levelMinutes', min: 1, max: 120 },
};

export function parseRoomArgs(argv: readonly string[]): RoomArgs | { error: string } {
  let config: string | null = null;
  let logLevel: string | null = null;
  let demo = false;
  let newJournal = false;
  const n = { tables: 3, webPort: 8090, mqttPort: 1884, levelMinutes: 5 };
  const given: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return { error: '' };
    if (a === '--demo') demo = true;
    else if (a === '--new-journal') newJournal = true;
    else if (a === '--config' || a === '--log-level') {
      const v = argv[++i];
      if (!v) return { error: `${a} needs a value` };
      if (a === '--config') config = v;
      else if (LEVELS.includes(v)) logLevel = v;
      else return { error: `--log-level must be one of ${LEVELS.join(', ')}` };
    } else if (NUMBERS[a]) {
      const { key, min, max } = NUMBERS[a];
      const raw = argv[++i] ?? '';
      const v = Number(raw);
      if (!/^\d+$/.test(raw) || v < min || v > max)
        return { error: `${a} must be a whole number from ${min} to ${max}` };
      n[key] = v;
      given.push(a);
    } else return { error: `unknown argument ${a}` };
  }
  if (demo && config !== null) return { error: '--demo runs a room of its own: leave out --config' };
  if (demo && newJournal) return { error: '--demo keeps its journal in a folder of its own: leave out --new-journal' };
  if (demo) return { demo: true, ...n, logLevel };
  if (given.length > 0) return { error: `${given[0]} is for --demo; a room's config decides` };
  if (config === null) return { error: 'which room? give --config room.yaml, or try one with --demo' };
  return { demo: false, config, logLevel, newJournal };
}
