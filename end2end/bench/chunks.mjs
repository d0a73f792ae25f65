// The pages' own WASM chunks (a split build, `cargo leptos build --split`):
// each lazy page with the files its first visit fetches, raw, gzip and
// brotli (quality 11, as the server precompresses them).
//   node end2end/bench/chunks.mjs <site pkg dir> [<output.json>]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const [pkg, output] = process.argv.slice(2);
const manifestFile = join(pkg ?? '', '__wasm_split_manifest.json');
if (!pkg || !existsSync(manifestFile)) {
  console.error(`no ${manifestFile}: not a split build`);
  process.exit(1);
}
const sizes = (file) => {
  const bytes = readFileSync(join(pkg, file));
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const pages = Object.entries(manifest).map(([split, stems]) => {
  // `__settings_route_view_<hash>` → settings
  const page = split.replace(/^_+/, '').replace(/_route_view_\d+$/, '').replace(/_\d+$/, '');
  const files = stems.map((stem) => ({ file: `${stem}.wasm`, ...sizes(`${stem}.wasm`) }));
  const total = (key) => files.reduce((sum, f) => sum + f[key], 0);
  return { page, files, raw: total('raw'), gzip: total('gzip'), brotli: total('brotli') };
}).sort((a, b) => a.page.localeCompare(b.page));

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('| Page | Files fetched on its first visit | Raw | gzip | brotli |\n|---|---|---:|---:|---:|');
for (const p of pages) {
  console.log(`| ${p.page} | ${p.files.map((f) => f.file.replace(/_\d{6,}\.wasm$/, '….wasm')).join(', ')} | ${kb(p.raw)} | ${kb(p.gzip)} | ${kb(p.brotli)} |`);
}
if (output) writeFileSync(output, JSON.stringify(pages, null, 2));
