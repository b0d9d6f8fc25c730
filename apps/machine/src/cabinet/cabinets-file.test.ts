import { describe, expect, it } from 'vitest';
import { parseCabinets } from './cabinets-file.ts';

const sas = {
  machineId: 2,
  kind: 'sas',
  link: { kind: 'serial', device: '/dev/ttyUSB0' },
  address: 1,
  assetNumber: 4242,
  registrationKey: '0123456789abcdef0123456789abcdef01234567',
  denomination: 5,
  output: { board: { kind: 'lcus', device: '/dev/ttyUSB1' }, buttons: { play: 1, maxBet: 3 }, pulseMs: 100 },
};

describe('the cabinets file', () => {
  it('names which machine is emulated and which is a SAS cabinet with its settings, defaults filled in', () => {
    const file = parseCabinets({ cabinets: [{ machineId: 1, kind: 'emulated' }, sas] });
    expect(file.cabinets[0]).toEqual({ machineId: 1, kind: 'emulated' });
    expect(file.cabinets[1]).toMatchObject({ ...sas, posId: 0, startButtons: ['play', 'maxBet'], pressConfirmMs: 2_000 });
  });

  it.each([
    [{ ...sas, registrationKey: 'abc' }, 'cabinets[1].registrationKey: 20 bytes as 40 hex digits'],
    [{ ...sas, address: 200 }, 'cabinets[1].address:'],
    [{ ...sas, output: { ...sas.output, buttons: { play: 1, maxBet: 1 } } }, "cabinets[1].output.buttons.maxBet: channel 1 is play's too"],
    [{ ...sas, output: { ...sas.output, pulseMs: 5 } }, 'cabinets[1].output.pulseMs:'],
    [{ ...sas, video: '/dev/video0' }, 'cabinets[1]: Unrecognized key: "video"'],
    [{ ...sas, machineId: 1 }, 'cabinets[1].machineId: machine 1 is named twice'],
  ])('refuses a bad field with an error naming it (%#)', (cabinet, message) => {
    expect(() => parseCabinets({ cabinets: [{ machineId: 1, kind: 'emulated' }, cabinet] }, 'cabinets.json')).toThrow(
      `cabinets.json is not valid: ${message}`,
    );
  });
});
