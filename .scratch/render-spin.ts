import { FrameRenderer } from '../apps/machine/src/video/frame-renderer.ts';
import { idleCabinetState } from '../apps/machine/src/video/cabinet-state.ts';
const r = new FrameRenderer(1280, 720, { frameStamp: true });
let s = { ...idleCabinetState('Northern Lights'), credit: 100000, bet: 100 };
let t = Date.now();
const time = (label: string, state: any) => { const a = performance.now(); r.render(state, t); const ms = performance.now() - a; t += 33; return ms; };
for (let i = 0; i < 60; i++) time('still', s);
const res: string[] = [];
for (let k = 0; k < 10; k++) {
  const spin = { ...s, credit: s.credit - 100, spinning: true, spinStartedAt: t, status: 'spinning' as const, lamps: { candle: true, spin: true } };
  const first = time('spin', spin);
  const next = [] as number[];
  for (let i = 0; i < 5; i++) next.push(time('spin', spin));
  s = { ...spin, spinning: false, spinStartedAt: null, status: 'idle' as const, lamps: { candle: true } };
  for (let i = 0; i < 80; i++) time('still', s);
  res.push(`first ${first.toFixed(2)} next ${next.map((x) => x.toFixed(2)).join(' ')}`);
}
console.log(res.join('\n'));
