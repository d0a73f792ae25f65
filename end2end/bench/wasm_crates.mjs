// What the WASM is made of: the code of each function (from the module's
// code section) attributed to the crate its symbol names (from the `name`
// section), and the app's own code by module. Read from the module cargo
// wrote, before wasm-bindgen and wasm-opt (those drop the names); the
// shares carry over, the bytes shrink.
//   node end2end/bench/wasm_crates.mjs <file.wasm> [<output.json>]
// Prints a table; with an output file, writes the figures as JSON too.
import { readFileSync, writeFileSync } from 'node:fs';

const [file, output] = process.argv.slice(2);
if (!file) {
  console.error('usage: node end2end/bench/wasm_crates.mjs <file.wasm> [<output.json>]');
  process.exit(2);
}
const bytes = readFileSync(file);

/** A reader over the module's bytes. */
function reader(start, end) {
  let at = start;
  const self = {
    get at() { return at; },
    set at(value) { at = value; },
    done: () => at >= end,
    byte: () => bytes[at++],
    u32() {
      let result = 0;
      let shift = 0;
      for (;;) {
        const b = bytes[at++];
        result += (b & 0x7f) * 2 ** shift;
        if ((b & 0x80) === 0) return result;
        shift += 7;
      }
    },
    name() {
      const length = self.u32();
      const text = bytes.toString('utf8', at, at + length);
      at += length;
      return text;
    },
  };
  return self;
}

const sections = [];
const top = reader(8, bytes.length);
while (!top.done()) {
  const id = top.byte();
  const size = top.u32();
  sections.push({ id, start: top.at, end: top.at + size });
  top.at += size;
}

// Imported functions come first in the function index space.
let importedFunctions = 0;
for (const section of sections.filter((s) => s.id === 2)) {
  const r = reader(section.start, section.end);
  for (let count = r.u32(); count > 0; count--) {
    r.name();
    r.name();
    const kind = r.byte();
    if (kind === 0) { r.u32(); importedFunctions++; } // a function: its type
    else if (kind === 1) { r.byte(); const flags = r.u32(); r.u32(); if (flags & 1) r.u32(); } // a table
    else if (kind === 2) { const flags = r.u32(); r.u32(); if (flags & 1) r.u32(); } // a memory
    else if (kind === 3) { r.byte(); r.byte(); } // a global
    else throw new Error(`unknown import kind ${kind}`);
  }
}

const bodies = [];
for (const section of sections.filter((s) => s.id === 10)) {
  const r = reader(section.start, section.end);
  for (let count = r.u32(); count > 0; count--) {
    const size = r.u32();
    bodies.push(size);
    r.at += size;
  }
}

const names = new Map();
for (const section of sections.filter((s) => s.id === 0)) {
  const r = reader(section.start, section.end);
  if (r.name() !== 'name') continue;
  while (!r.done()) {
    const kind = r.byte();
    const size = r.u32();
    const next = r.at + size;
    if (kind === 1) {
      for (let count = r.u32(); count > 0; count--) {
        const index = r.u32();
        names.set(index, r.name());
      }
    }
    r.at = next;
  }
}
if (names.size === 0) {
  console.error(`${file} has no function names: read the module cargo wrote (target/front/...), not the one served`);
  process.exit(1);
}

const dataBytes = sections.filter((s) => s.id === 11).reduce((total, s) => total + s.end - s.start, 0);

/** The path of a legacy-mangled Rust symbol (`_ZN3app5pages4today17h…E` → ['app', 'pages', 'today']). */
function path(symbol) {
  const match = /^_?_ZN(.*)E$/.exec(symbol);
  if (!match) return null;
  const parts = [];
  let rest = match[1];
  while (rest.length > 0) {
    const digits = /^(\d+)/.exec(rest);
    if (!digits) break;
    const length = Number(digits[1]);
    parts.push(rest.slice(digits[1].length, digits[1].length + length));
    rest = rest.slice(digits[1].length + length);
  }
  return parts;
}

/** The crate a function belongs to: its path's first part, or the type's in `<T as Trait>`. */
function crateOf(symbol) {
  // v0 mangling (the standard library): the first crate root named, `C[s<hash>_]<length><name>`.
  const v0 = /^_?_R.*?C(?:s[0-9A-Za-z]*_)?(\d+)([A-Za-z_]\w*)/.exec(symbol);
  if (v0) return v0[2].slice(0, Number(v0[1]));
  const parts = path(symbol);
  if (!parts || parts.length === 0) return symbol ? '(allocator, memcpy and other C symbols)' : '(no name)';
  let first = parts[0];
  if (first.startsWith('_$LT$')) {
    first = first.slice(5).replace(/^(\$RF\$|\$BP\$|mut\$u20\$|dyn\$u20\$|\$u5b\$|\$LP\$)+/, '');
    // `<T as Trait>`, `<[T] as Trait>`: a blanket impl belongs to the trait's crate.
    const blanket = /^([A-Z]\w{0,2}|\$LP\$\$RP\$)(\$u5d\$)?\$u20\$as\$u20\$(.*)$/.exec(first);
    if (blanket) first = blanket[3];
  }
  const crate = first.split('..')[0].split('$')[0];
  return crate || '(other)';
}

/** For the app's own code: the module (`app::components::task_item` → components::task_item). */
function appModule(symbol) {
  const parts = path(symbol) ?? [];
  const start = parts[0]?.startsWith('_$LT$') ? parts[0].slice(5).split('..') : parts;
  return start.slice(1, 3).filter((p) => !/^h[0-9a-f]{16}$/.test(p)).join('::') || '(root)';
}

const byCrate = new Map();
const byModule = new Map();
let code = 0;
let described = 0;
bodies.forEach((size, i) => {
  const symbol = names.get(importedFunctions + i) ?? '';
  // Type descriptors wasm-bindgen reads and removes: never served.
  if (symbol.startsWith('__wbindgen_describe')) {
    described += size;
    return;
  }
  const crate = crateOf(symbol);
  code += size;
  byCrate.set(crate, (byCrate.get(crate) ?? 0) + size);
  if (crate === 'app' || crate === 'frontend') {
    const module = `${crate}::${appModule(symbol)}`;
    byModule.set(module, (byModule.get(module) ?? 0) + size);
  }
});

const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const share = (n) => `${((100 * n) / code).toFixed(1)} %`;
console.log(`${file}: ${kb(bytes.length)} in all, ${kb(code)} of code, ${kb(dataBytes)} of data`
  + ` (and ${kb(described)} of wasm-bindgen descriptors, removed before serving)`);
console.log('\n| Crate | Code | Share |\n|---|---:|---:|');
const crates = sorted(byCrate);
for (const [crate, size] of crates.slice(0, 20)) console.log(`| ${crate} | ${kb(size)} | ${share(size)} |`);
const others = crates.slice(20).reduce((total, [, size]) => total + size, 0);
if (others > 0) console.log(`| ${crates.length - 20} other crates | ${kb(others)} | ${share(others)} |`);
console.log('\n| The app\'s own code, by module | Code | Share |\n|---|---:|---:|');
for (const [module, size] of sorted(byModule).slice(0, 25)) console.log(`| ${module} | ${kb(size)} | ${share(size)} |`);

if (output) {
  writeFileSync(output, JSON.stringify({
    file, total: bytes.length, code, data: dataBytes, descriptors: described,
    crates: Object.fromEntries(crates), modules: Object.fromEntries(sorted(byModule)),
  }, null, 2));
}
