// One naming rule for everything `npm run contract` writes: a schema's or device kind's name in PascalCase
// (`pcsc-chip-reader` → `PcscChipReader`), so the generated types and validators agree on names.
export const pascal = (text) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
