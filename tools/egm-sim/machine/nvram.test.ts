import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadNvram, saveNvram } from './nvram.ts';
import { freshState } from './state.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'egm-nvram-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the NVRAM file', () => {
  it('is absent before the first start', () => {
    expect(loadNvram(path.join(dir, 'nvram.json'))).toBeNull();
  });

  it('gives back what was written, and leaves no temporary file behind', () => {
    const file = path.join(dir, 'nvram.json');
    const state = freshState(7);
    state.credits = 1234;
    state.meters.aftInCents = 1234;
    saveNvram(file, state);
    state.credits = 99;
    saveNvram(file, state);
    expect(loadNvram(file)).toEqual(state);
    expect(fs.readdirSync(dir)).toEqual(['nvram.json']);
  });

  it('refuses a file that is not a version 1 machine state, rather than start from a guess', () => {
    const file = path.join(dir, 'nvram.json');
    fs.writeFileSync(file, JSON.stringify({ ...freshState(1), version: 2 }));
    expect(() => loadNvram(file)).toThrow(/not a version 1 machine state/);
    fs.writeFileSync(file, JSON.stringify({ ...freshState(1), credits: 1.5 }));
    expect(() => loadNvram(file)).toThrow(/credits/);
    fs.writeFileSync(file, '{"version":1,');
    expect(() => loadNvram(file)).toThrow(/is not JSON/);
  });
});
