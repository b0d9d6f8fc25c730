import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MachineGame } from '@reelcast/engine';
import { MACHINE_STATE_FORMAT, readMachineState, writeMachineState, type MachineStateToWrite } from './machine-state-file.ts';

const folders: string[] = [];
const fileIn = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-state-'));
  folders.push(folder);
  return path.join(folder, 'machines', '7.json');
};
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const state = (): MachineStateToWrite => ({
  game: new MachineGame({ machineId: 'm7', seed: 'file-test' }).snapshot(),
  seat: {
    playerId: 3,
    name: 'demo',
    sessionId: 's1',
    tokens: [['t', 'jti']],
    base: { spins: 0, totalBet: 0, totalWon: 0 },
    lastActivity: 1,
    limits: null,
  },
  pendingCashOuts: [{ transferId: 'm7-s1-out1', sessionId: 's1', amount: 2500 }],
  transfers: { 'cash-in-1': { credit: 5000, balance: 95_000 } },
  applying: { 'cash-in-3': { amount: 700, sessionId: 's1' } },
  applied: { 'cash-in-2': 1000 },
  takingBack: { 'cash-in-4': { amount: 300, sessionId: 's1', takeBackId: 'cash-in-4-takeback1', voided: false } },
  unsettled: {},
  pendingCloses: [],
  cashOutSerial: 1,
  takeBackSerial: 1,
});

describe('the machine state file', () => {
  it('reads back what was written, with its format, and leaves no temporary file', () => {
    const file = fileIn();
    writeMachineState(file, state());
    expect(readMachineState(file)).toEqual({ format: MACHINE_STATE_FORMAT, ...state() });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['7.json']);
  });

  it('is null before the first write', () => {
    expect(readMachineState(fileIn())).toBeNull();
  });

  it('reads a file of the older shape (no format, no applied, take-backs, unsettled or pendingCloses)', () => {
    const file = fileIn();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const { applied: _a, takingBack: _t, takeBackSerial: _s, unsettled: _u, pendingCloses: _p, ...older } = state();
    fs.writeFileSync(file, JSON.stringify(older));
    expect(readMachineState(file)).toMatchObject({
      applied: {},
      takingBack: {},
      takeBackSerial: 0,
      unsettled: {},
      pendingCloses: [],
      cashOutSerial: 1,
    });
  });

  it('refuses a damaged file, naming it and what is wrong, instead of starting the machine empty', () => {
    const file = fileIn();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ ...state(), pendingCashOuts: [{ transferId: 'x', sessionId: 's1', amount: '25.00' }] }));
    expect(() => readMachineState(file)).toThrow(`The machine state file ${file} is not valid (pendingCashOuts.0.amount`);
    fs.writeFileSync(file, '{"game": ');
    expect(() => readMachineState(file)).toThrow(`The machine state file ${file} is not JSON`);
  });
});
