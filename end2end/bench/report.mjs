// Turns the figures scripts/bench.sh collected (target/bench/*.json) into
// BENCHMARKS.md: every figure next to its budget, with the machine and date.
//   node end2end/bench/report.mjs <results dir> <output file>
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { join } from 'node:path';

const [results, output] = process.argv.slice(2);
const read = (name) => {
  const file = join(results, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${Math.round(value)} ms`;
const verdict = (ok) => (ok ? 'met' : '**not met**');
const run = (command) => { try { return execSync(command, { encoding: 'utf8' }).trim(); } catch { return 'unknown'; } };

const rows = [];
const row = (figure, value, budget, ok) => rows.push(`| ${figure} | ${value} | ${budget} | ${ok === null ? '—' : verdict(ok)} |`);

const transfer = read('transfer');
const kinds = ['HTML', 'CSS', 'JS', 'WASM', 'other'];
const transferRows = [];
if (transfer) {
  let served = 0;
  for (const kind of kinds) {
    const files = transfer.filter((f) => f.kind === kind);
    if (files.length === 0) continue;
    const sum = (key) => files.reduce((total, f) => total + f[key], 0);
    served += sum('served');
    const encodings = [...new Set(files.map((f) => f.encoding).filter(Boolean))].join(', ') || '—';
    transferRows.push(`| ${kind} | ${files.length} | ${kb(sum('raw'))} | ${kind === 'other' ? '—' : kb(sum('gzip'))} | ${kind === 'other' ? '—' : kb(sum('brotli'))} | ${kb(sum('served'))} | ${encodings} |`);
  }
  // Issue 14's budget, and the standing one as its stretch.
  row('First load of Today, compressed as served', kb(served), '≤ 250 KB', served <= 250 * 1024);
  row('First load of Today, compressed as served (stretch)', kb(served), '≤ 150 KB', served <= 150 * 1024);
} else row('First load of Today', 'not measured', '≤ 250 KB', null);

const paint = read('paint');
if (paint) {
  row(`First contentful paint, Slow 4G + CPU ×4 (median of ${paint.runs})`, ms(paint.paintMedian), '—', null);
  row(`Interactive (hydrated), Slow 4G + CPU ×4 (median of ${paint.runs})`, ms(paint.interactiveMedian), '≤ 2000 ms', paint.interactiveMedian <= 2000);
}

const tap = read('tap');
if (tap) {
  for (const [key, label] of [['online_cpu1', 'online'], ['offline_cpu1', 'offline'], ['online_cpu4', 'online, CPU ×4'], ['offline_cpu4', 'offline, CPU ×4']]) {
    const figures = tap[key];
    if (!figures) continue;
    row(`Tap → visible on the circle, ${label} (median of ${figures.samples.length}; DOM / next frame)`,
      `${figures.dom.toFixed(1)} / ${figures.frame.toFixed(1)} ms`, '≤ 16 ms', figures.frame <= 16);
  }
}
// The same tap on a page that only flips the attribute (tap.bench.ts).
const tapFloor = read('tap_floor');
for (const [key, label] of [['cpu1', 'full speed'], ['cpu4', 'CPU ×4']]) {
  const figures = tapFloor?.[key];
  if (!figures) continue;
  row(`The browser's floor for the same tap, ${label}: a page that only flips the attribute (DOM / next frame)`,
    `${figures.dom.toFixed(1)} / ${figures.frame.toFixed(1)} ms`, '—', null);
}

const mutations = read('mutations');
const mutationRows = [];
if (mutations) {
  for (const m of mutations) {
    row(`Create-task throughput with keys / without, ${m.backend}`, m.ratio.toFixed(2), '≥ 0.80', m.ratio >= 0.8);
    mutationRows.push(`| ${m.backend} | ${m.keyed.perSecond.toFixed(0)} | ${m.keyed.p50.toFixed(1)} / ${m.keyed.p99.toFixed(1)} | ${m.plain.perSecond.toFixed(0)} | ${m.plain.p50.toFixed(1)} / ${m.plain.p99.toFixed(1)} | ${m.ratio.toFixed(2)} |`);
  }
}

// A page in its own chunk, opened for the first time (lazy.bench.ts).
const lazy = read('lazy');
for (const [page, figures] of Object.entries(lazy ?? {})) {
  row(`Tap → ${page} shown, first visit, Slow 4G + CPU ×4 (median of ${figures.runs})`, ms(figures.median), '—', null);
}

// The installed app reopened with the page request 2.5 s late (reopen.bench.ts).
const reopen = read('reopen');
if (reopen) {
  row(`Reopened, page request ${reopen.pageLateMs} ms late, CPU ×4: Today's rows on screen (median of ${reopen.runs})`,
    ms(reopen.rowsMedian), '≤ 1000 ms', reopen.rowsMedian <= 1000);
  row(`The same: another device's task on screen after the server answered the page's read (median of ${reopen.runs})`,
    ms(reopen.freshAfterAnswerMedian), '≤ 1000 ms', reopen.freshAfterAnswerMedian <= 1000);
}

// Ten thousand reminders due in one minute, three instances (server/benches/reminders).
const reminders = read('reminders');
if (reminders) {
  row(`${reminders.reminders} reminders due in one minute, ${reminders.instances} instances on PostgreSQL: the last sent after its moment`,
    `${reminders.last.toFixed(1)} s`, '≤ 60 s', reminders.last <= 60);
  row('The same: reminders sent twice', String(reminders.twice), '0', reminders.twice === 0);
}

const drain = read('drain');
if (drain) row(`100 queued changes drain after reconnecting (median of ${drain.runs})`, ms(drain.median), '≤ 2000 ms', drain.median <= 2000);

// What the first WASM is made of (end2end/bench/wasm_crates.mjs), before wasm-opt.
const wasm = read('wasm');
const wasmRows = [];
if (wasm) {
  const share = (bytes) => `${((100 * bytes) / wasm.code).toFixed(1)} %`;
  const crates = Object.entries(wasm.crates);
  for (const [crate, bytes] of crates.slice(0, 15)) wasmRows.push(`| ${crate} | ${kb(bytes)} | ${share(bytes)} |`);
  const rest = crates.slice(15).reduce((total, [, bytes]) => total + bytes, 0);
  wasmRows.push(`| ${crates.length - 15} other crates | ${kb(rest)} | ${share(rest)} |`);
  wasmRows.push(`| *data (strings, tables)* | ${kb(wasm.data)} | — |`);
}

// The pages loaded when first needed (end2end/bench/chunks.mjs).
const chunks = read('chunks');
const tapToShown = (page) => (lazy?.[page] ? ms(lazy[page].median) : '—');
const chunkRows = (chunks ?? []).map((p) => `| ${p.page} | ${p.files.length} | ${kb(p.raw)} | ${kb(p.gzip)} | ${kb(p.brotli)} | ${tapToShown(p.page)} |`);

// Where Today's interactive time goes (issue 27, point 7): medians of
// interactive.bench.ts, each a moment after navigation start or a span.
const interactive = read('interactive');
const interactiveRows = [];
if (interactive) {
  const m = interactive.medians;
  const line = (what, value, note) => interactiveRows.push(`| ${what} | ${ms(value)} | ${note} |`);
  line('The page has arrived (HTML)', m.page, 'from navigation start');
  line("The page's script has arrived", m.scriptEnd, 'from navigation start');
  line('The WASM is asked for', m.wasmStart, 'from navigation start');
  line(`The WASM has arrived (${kb(m.wasmBytes)} as served)`, m.wasmEnd, `its download: ${ms(m.download)}`);
  line('The WASM is compiled and instantiated', m.instantiated, `after its download: ${ms(m.compileAfterDownload)}`);
  line('Hydrated (interactive)', m.interactive, `hydration: ${ms(m.hydration)}`);
  interactiveRows.push(`| Main thread during the load (CPU profile) | — | WASM ${ms(m.cpuWasm)}, JavaScript ${ms(m.cpuJavascript)}, engine ${ms(m.cpuEngine)}, GC ${ms(m.cpuGc)}, idle ${ms(m.cpuIdle)} |`);
}
// The floor for Today's first load (scripts/floor.sh; issue 27, point 7):
// the shared rules and a tap's DOM calls with no Leptos, as it would be served.
const floor = read('floor');
const floorCrates = read('floor_crates');
const floorRows = (floor ?? []).map((f) => `| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} |`);
const floorHeld = floorCrates
  ? Object.entries(floorCrates.crates).slice(0, 8).map(([crate, bytes]) => `${crate} ${kb(bytes)}`).join(', ')
  : '';

const cpu = cpus();
const machine = [
  `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  `- Commit: ${run('git rev-parse --short HEAD')}${run('git status --porcelain') ? ' (with uncommitted changes)' : ''}`,
  `- Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Linux ${release()}`,
  `- Browser: ${run('/usr/bin/chromium --version')} (headless); server: release build on SQLite, loopback`,
];

const text = `# Benchmarks

Written by \`scripts/bench.sh\` (see the README); not part of the tests.

${machine.join('\n')}

| Figure | Measured | Budget | |
|---|---:|---:|---|
${rows.join('\n')}

## First load of Today, by kind

A signed-in person with eight tasks due today, empty cache. "As served" is
what Chromium received (\`encodedBodySize\`, headers excluded); gzip and brotli
are the server's answers when asked for only that encoding.

| Kind | Files | Raw | gzip | brotli | As served | Encoding served |
|---|---:|---:|---:|---:|---:|---|
${transferRows.join('\n')}

## What the first WASM is made of, by crate

${wasm ? `Code by the crate each function's symbol names (a generic function counts for
the crate that defines it, wherever it is used), read from the release
module before wasm-bindgen and wasm-opt: ${kb(wasm.code)} of code, ${kb(wasm.data)}
of data. \`node end2end/bench/wasm_crates.mjs <file.wasm>\` prints it, with the
app's own code by module.` : 'Not measured.'}

| Crate | Code | Share |
|---|---:|---:|
${wasmRows.join('\n')}

## Pages loaded when first needed

${chunks ? `Lists, settings, sign-in and sign-up are WASM chunks of their own
(\`cargo leptos build --split\`): Today's first load does not fetch them; the first
visit to one fetches these files (the worker keeps them all at install).
"Tap → shown" is the first visit's time from the tap on the page's link in
hydrated Today to the page drawn, on Slow 4G + CPU ×4, without the worker
(so the chunk comes from the network), median of 5.` : 'Not measured.'}

| Page | Files | Raw | gzip | brotli | Tap → shown |
|---|---:|---:|---:|---:|---:|
${chunkRows.join('\n')}

## The floor for Today's first load (measured, not shipped)

${floor ? `What the WASM would weigh with only what Today's taps need and no Leptos:
the shared change types and their \`apply\`, the outbox's ledger (with the
reading of the worker's queued requests), a change's request, and the DOM calls
that patch a row's \`aria-pressed\`/\`data-sync\` and add a row from a template
the server wrote (\`bench/floor\`, built by \`scripts/floor.sh\` as the release WASM
is built). Today's first WASM above is the figure to set it against.
Its code by crate (${kb(floorCrates?.code ?? 0)} before wasm-opt): ${floorHeld}.` : 'Not measured.'}

| File | Raw | gzip | brotli |
|---|---:|---:|---:|
${floorRows.join('\n')}

## Where Today's interactive time goes

${interactive ? `Slow 4G + CPU ×4, cold cache, no worker; median of ${interactive.runs} runs of each
moment (so the spans need not add up exactly). Downloads from resource timing,
the compile from a clock on \`WebAssembly.instantiateStreaming\` (what remains of it
once the download is over: streaming compilation overlaps the download), and the
main thread by kind of code from Chromium's CPU profiler (1 ms samples).` : 'Not measured.'}

| Moment | At | |
|---|---:|---|
${interactiveRows.join('\n')}

## Create-task mutation, with and without the key layer

${mutations ? `Loopback HTTP, ${'medians of 5 rounds'}; throughput in requests per second, latency in ms.` : 'Not measured.'}

| Backend | With keys (req/s) | p50 / p99 | Without keys (req/s) | p50 / p99 | Ratio |
|---|---:|---:|---:|---:|---:|
${mutationRows.join('\n')}

## Reminders due in the same minute

${reminders ? `${reminders.reminders} reminders (${reminders.reminders / 2} students: each one's evening summary and a task at its time), due in the same minute, ${reminders.instances} instances of the release server on one PostgreSQL database, each looking every 30 s (the default), the tests' push service on loopback checking and decrypting each. Seconds after the moment.` : 'Not measured.'}

${reminders ? `| Arrived | Twice | Median | p99 | Last | Sent by each instance |
|---:|---:|---:|---:|---:|---|
| ${reminders.arrived} | ${reminders.twice} | ${reminders.p50.toFixed(1)} s | ${reminders.p99.toFixed(1)} s | ${reminders.last.toFixed(1)} s | ${reminders.perInstance.join(' / ')} |` : ''}

## How each figure is taken

- **Paint and interactive**: a fresh browser context per run (empty cache, no
  service worker), Chromium's network throttled to 1.6 Mbps down, 750 kbps up,
  150 ms round trip, and the CPU slowed 4×. First contentful paint is the
  browser's paint timing; interactive is when the WASM marks the body
  \`data-hydrated\`, measured from navigation start.
- **Tap → visible**: from the \`click\` on the completion circle (the finger
  lifting; its event time) to its new
  \`aria-pressed\` in the DOM, and to the next animation frame after that (the
  budget is checked on the frame). Each tap waits for the previous one to settle.
- **Key layer**: \`cargo bench -p server --bench mutations\`; the same server
  with the idempotency layer on and off, in alternating rounds.
- **Reminders**: \`cargo bench -p server --bench reminders\`; from the whole
  minute the reminders are due to each message's arrival at the push service.
  The median is mostly where the instances' 30 s ticks fall after the moment.
- **Drain**: 100 task creations queued by the service worker while offline;
  from reconnecting until the outbox is empty, with all 100 on the server.
`;
// The levers tried on the first load, with their measured effect (kept by hand).
const levers = new URL('./levers.md', import.meta.url);
writeFileSync(output, existsSync(levers) ? `${text}\n${readFileSync(levers, 'utf8')}` : text);
console.log(text);
