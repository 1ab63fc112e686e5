// Who a player is (docs/protocol.md, "Player names"): one rule for the table, the room and the pages. A name is
// stored as the floor typed it, cleaned (outer spaces trimmed, inner runs of spaces one space, Unicode NFC), and two
// names are the same player when they agree case-insensitively after NFKC (" Ann ", "ann" and a full-width "Ａnn" are
// all "Ann"). Text that is not valid Unicode (a lone surrogate) or holds control characters is refused with a sentence.
//
// Each function is self-contained (no call to another, no constant outside it): the pages get these very functions as
// a browser script (namesScript), so the rule is written once.

/** Why a typed name cannot be stored, as a sentence a floor person acts on, or null when it can. */
export function nameProblem(raw: string): string | null {
  // a lone surrogate: half of a character, what a broken keyboard or a cut paste leaves
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(raw))
    return 'the name holds a broken character (text that is not valid Unicode): type it again';
  // control characters other than the spaces and line breaks that cleaning turns into one space
  if (/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/.test(raw))
    return 'the name holds a control character: type it with letters, digits and spaces only';
  if (raw.normalize('NFC').replace(/\s+/gu, ' ').trim() === '') return 'the name is empty: type the player\u2019s name';
  return null;
}

/** The name as stored and shown: outer spaces trimmed, inner runs of spaces (tabs, line breaks) one space, NFC. */
export function storedName(raw: string): string {
  return raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** What identifies the player: the stored name after NFKC (full-width and compatibility forms fold), lower case. */
export function nameKey(raw: string): string {
  return raw.normalize('NFC').replace(/\s+/gu, ' ').trim().normalize('NFKC').toLowerCase().normalize('NFKC');
}

/** The stored name cut to at most `max` UTF-16 units, never through a character (no half surrogate left). */
export function cutName(name: string, max: number): string {
  if (name.length <= max) return name;
  const cut = name.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

const FUNCTIONS = { nameProblem, storedName, nameKey, cutName };

/** The same functions as a plain browser script that sets `PlayerNames` (served as /player-names.js). */
export function namesScript(): string {
  const parts = Object.entries(FUNCTIONS).map(([key, fn]) => `  var ${key} = (${fn.toString()});`);
  const names = Object.keys(FUNCTIONS).join(', ');
  return [
    '// Player names: the one rule of the table and the room (src/protocol/names.ts), as a browser script.',
    "'use strict';",
    '(function (root) {',
    ...parts,
    `  root.PlayerNames = { ${names} };`,
    "})(typeof window !== 'undefined' ? window : globalThis);",
    '',
  ].join('\n');
}
