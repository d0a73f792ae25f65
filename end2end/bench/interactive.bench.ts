import { test } from '@playwright/test';
import { HYDRATION_CLOCK, median, record, signedUpState, slow4g, throttleCpu } from './common';

// Where Today's interactive time goes on Slow 4G with the CPU slowed 4
// times (issue 27, point 7): the page, the WASM's download, what is left of
// its compile once the download is over, and hydration. Resource timing
// for the downloads, a clock on WebAssembly's instantiation for the
// compile, and a CPU profile of the main thread by kind of code.
const RUNS = 5;

// When the page first asks to instantiate WASM, and when that resolves.
const WASM_CLOCK = `
  window.__wasm = { called: null, ready: null };
  for (const name of ['instantiateStreaming', 'instantiate']) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) {
      if (window.__wasm.called === null) window.__wasm.called = performance.now();
      return original.apply(this, args).then((result) => {
        if (window.__wasm.ready === null) window.__wasm.ready = performance.now();
        return result;
      });
    };
  }
`;

type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** Milliseconds of the main thread by kind: WASM, JavaScript, the engine's own, idle. */
function byKind(profile: Profile): Record<string, number> {
  const kindOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const { functionName, url } = node.callFrame;
    const kind = url.startsWith('wasm') || url.endsWith('.wasm') ? 'wasm'
      : url ? 'javascript'
        : functionName === '(idle)' ? 'idle'
          : functionName === '(garbage collector)' ? 'gc'
            : 'engine';
    kindOf.set(node.id, kind);
  }
  const totals: Record<string, number> = { wasm: 0, javascript: 0, engine: 0, gc: 0, idle: 0 };
  profile.samples.forEach((id, i) => {
    totals[kindOf.get(id) ?? 'engine'] += (profile.timeDeltas[i] ?? 0) / 1000;
  });
  return totals;
}

test('Today on Slow 4G and CPU x4: where the interactive time goes', async ({ browser, baseURL }) => {
  const state = await signedUpState(browser, baseURL!);
  const runs: Record<string, number>[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ baseURL, storageState: state, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(HYDRATION_CLOCK);
    await page.addInitScript(WASM_CLOCK);
    await slow4g(page);
    await throttleCpu(context, page, 4);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
    await page.goto('/');
    await page.waitForFunction(() => (window as unknown as { __hydratedAt: number | null }).__hydratedAt !== null, null, { timeout: 120_000 });
    const { profile } = await cdp.send('Profiler.stop') as unknown as { profile: Profile };
    const times = await page.evaluate(() => {
      const w = window as unknown as { __hydratedAt: number; __wasm: { called: number; ready: number } };
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const wasm = resources.find((r) => r.name.endsWith('.wasm'))!;
      const script = resources.find((r) => r.name.includes('/pkg/') && r.name.endsWith('.js'))!;
      return {
        page: navigation.responseEnd,
        scriptEnd: script.responseEnd,
        wasmStart: wasm.startTime,
        wasmEnd: wasm.responseEnd,
        wasmBytes: wasm.encodedBodySize,
        instantiateCalled: w.__wasm.called,
        instantiated: w.__wasm.ready,
        interactive: w.__hydratedAt,
      };
    });
    const kinds = byKind(profile);
    runs.push({
      ...times,
      download: times.wasmEnd - times.wasmStart,
      compileAfterDownload: times.instantiated - Math.max(times.wasmEnd, times.instantiateCalled),
      hydration: times.interactive - times.instantiated,
      cpuWasm: kinds.wasm,
      cpuJavascript: kinds.javascript,
      cpuEngine: kinds.engine,
      cpuGc: kinds.gc,
      cpuIdle: kinds.idle,
    });
    await context.close();
  }
  const medianOf = (key: string) => median(runs.map((r) => r[key]));
  const keys = ['page', 'scriptEnd', 'wasmStart', 'wasmEnd', 'download', 'instantiateCalled', 'instantiated',
    'compileAfterDownload', 'hydration', 'interactive', 'wasmBytes', 'cpuWasm', 'cpuJavascript', 'cpuEngine', 'cpuGc', 'cpuIdle'];
  record('interactive', { runs: RUNS, medians: Object.fromEntries(keys.map((k) => [k, medianOf(k)])), each: runs });
});
