#!/usr/bin/env node
// Which functions make the portal's long tasks (issue 30): loads a page in Debian's Chromium at a phone's
// size with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), records a performance trace with the
// V8 sampling profiler, and prints, for every main-thread task over 50 ms, the functions with the most
// self and total time inside it (minified names: read them in apps/portal/dist/assets at the printed
// line:column). A diagnostic, not a benchmark: it writes nothing to docs/.
//   node bench/phone/long-tasks.mjs [path, default /lobby] [built portal folder, default this checkout's]
//   RUNS=N (default 2); the traces are kept as /tmp/long-tasks-<run>.json
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { startProduct } from '../lib/product-process.mjs';
import { signIn } from './shared.mjs';
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(`Usage: [RUNS=N] node bench/phone/long-tasks.mjs [path] [built portal folder]

Loads a page of the portal (default /lobby; signed in as the demo player unless /login) in Debian's Chromium
at 412 x 823 with the CPU slowed 4x, records a performance trace with V8's sampling profiler, and prints, for
every main-thread task over 50 ms, the functions with the most self and total time in it. Starts the product
(\`reelcast start\`, embedded database, demo data) on free ports, serving this checkout's built portal or the
folder given. RUNS loads (default 2); each trace is kept as /tmp/long-tasks-<run>.json. Writes nothing to docs/.`);
  process.exit(0);
}
const path = process.argv[2] ?? '/lobby';
if (!path.startsWith('/')) {
  console.error(`long-tasks: the page's path starts with "/", not "${path}" (--help for the usage)`);
  process.exit(2);
}
const portalDir = process.argv[3];
const product = await startProduct({ name: 'trace', env: portalDir ? { PORTAL_DIR: portalDir } : {} });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const token = await signIn(product.url, 'demo', 'demo1234');
  for (let run = 0; run < Number(process.env.RUNS ?? 2); run++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
    });
    const page = await context.newPage();
    await page.goto(product.url + '/Settings.json');
    if (path !== '/login') await page.evaluate((t) => localStorage.setItem('jwt_access_token', t), token);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-v8.cpu_profiler,v8.execute,toplevel',
      transferMode: 'ReportEvents',
    });
    await page.goto(product.url + path, { waitUntil: 'load' });
    await page.waitForTimeout(9000);
    await cdp.send('Tracing.end');
    await done;
    fs.writeFileSync(`/tmp/long-tasks-${run}.json`, JSON.stringify(events));
    // main thread: the renderer's CrRendererMain
    const main = events.find(
      (e) =>
        e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'ProfileChunk'),
    );
    const tasks = events
      .filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.dur > 50000)
      .sort((a, b) => a.ts - b.ts);
    // samples
    const nodes = new Map();
    const samples = [];
    let t = null;
    for (const e of events
      .filter((e) => e.pid === main.pid && (e.name === 'Profile' || e.name === 'ProfileChunk'))
      .sort((a, b) => a.ts - b.ts)) {
      if (e.name === 'Profile') {
        t = e.args.data.startTime;
        continue;
      }
      const cp = e.args.data.cpuProfile ?? {};
      for (const n of cp.nodes ?? []) nodes.set(n.id, n);
      const deltas = e.args.data.timeDeltas ?? [];
      (cp.samples ?? []).forEach((s, i) => {
        t += deltas[i];
        samples.push({ ts: t, id: s });
      });
    }
    const parentOf = new Map();
    for (const n of nodes.values()) if (n.parent) parentOf.set(n.id, n.parent);
    const label = (n) =>
      `${n.callFrame.functionName || '(anon)'} ${(n.callFrame.url ?? '').split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
    const navs = events
      .filter((e) => e.name === 'navigationStart')
      .map((e) => e.ts)
      .sort((a, b) => a - b);
    const nav = navs[navs.length - 1] ?? tasks[0]?.ts;
    console.log(`run ${run}: ${tasks.length} tasks > 50 ms`);
    for (const task of tasks.filter((t) => t.ts >= nav)) {
      const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur);
      const self = new Map(),
        total = new Map();
      for (const s of inTask) {
        const n = nodes.get(s.id);
        if (!n) continue;
        self.set(label(n), (self.get(label(n)) ?? 0) + 1);
        const seen = new Set();
        let id = s.id;
        while (id) {
          const l = label(nodes.get(id));
          if (!seen.has(l)) {
            seen.add(l);
            total.set(l, (total.get(l) ?? 0) + 1);
          }
          id = parentOf.get(id);
        }
      }
      const per = inTask.length ? task.dur / 1000 / inTask.length : 0;
      console.log(`\n== task at ${((task.ts - nav) / 1000).toFixed(0)} ms, ${(task.dur / 1000).toFixed(0)} ms, ${inTask.length} samples`);
      const top = (counts, n) =>
        [...counts]
          .sort((a, b) => b[1] - a[1])
          .slice(0, n)
          .map(([l, c]) => `\n   ${(c * per).toFixed(0)}ms ${l}`)
          .join('');
      console.log(' self:', top(self, 14));
      console.log(' total:', top(total, 30));
    }
    await context.close();
  }
} finally {
  await browser.close();
  await product.stop();
}
