import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { parseCabinets, readCabinetsFile } from './cabinets-file.ts';

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

  it('takes simulated cabinets (a demonstration: the launcher starts their simulators), with their defaults; the example file parses', () => {
    const file = parseCabinets({
      cabinets: [
        { machineId: 1, kind: 'simulated' },
        { machineId: 2, kind: 'simulated', denomination: 5, seed: 's' },
      ],
    });
    expect(file.cabinets).toEqual([
      { machineId: 1, kind: 'simulated', denomination: 1, gameMs: 1_500 },
      { machineId: 2, kind: 'simulated', denomination: 5, seed: 's', gameMs: 1_500 },
    ]);
    expect(() => parseCabinets({ cabinets: [{ machineId: 1, kind: 'simulated', denomination: 3 }] })).toThrow(
      'the cabinets file is not valid: cabinets[0].denomination: a SAS denomination: 1, 2, 5, 10',
    );
    expect(() => parseCabinets({ cabinets: [{ machineId: 1, kind: 'simulated', link: sas.link }] })).toThrow('cabinets[0]');
    const example = readCabinetsFile(fileURLToPath(new URL('../../../../examples/cabinets.simulated.json', import.meta.url)));
    expect(example.cabinets.filter((cabinet) => cabinet.kind === 'simulated').map((cabinet) => cabinet.machineId)).toEqual([1, 2]);
  });

  it("takes a camera's ffmpeg input as a cabinet's picture, for a real cabinet or the emulator", () => {
    const video = { input: 'rtsp://10.0.0.21/stream1', options: { rtsp_transport: 'tcp' }, passthrough: { profileLevelId: '4d0028' } };
    const file = parseCabinets({
      cabinets: [
        { machineId: 1, kind: 'emulated', video: { input: 'testsrc2', format: 'lavfi', realtime: true } },
        { ...sas, video },
      ],
    });
    expect(file.cabinets[0]!.video).toEqual({ input: 'testsrc2', format: 'lavfi', realtime: true });
    expect(file.cabinets[1]!.video).toEqual(video);
  });

  it.each([
    [{ ...sas, registrationKey: 'abc' }, 'cabinets[1].registrationKey: 20 bytes as 40 hex digits'],
    [{ ...sas, address: 200 }, 'cabinets[1].address:'],
    [{ ...sas, output: { ...sas.output, buttons: { play: 1, maxBet: 1 } } }, "cabinets[1].output.buttons.maxBet: channel 1 is play's too"],
    [{ ...sas, output: { ...sas.output, pulseMs: 5 } }, 'cabinets[1].output.pulseMs:'],
    [{ ...sas, video: '/dev/video0' }, 'cabinets[1].video: Invalid input: expected object, received string'],
    [{ ...sas, video: { input: '/dev/video0', options: { '-i': 'x' } } }, 'cabinets[1].video.options.-i: Invalid key in record'],
    [{ ...sas, video: { input: '/dev/video0', codec: 'h264' } }, 'cabinets[1].video: Unrecognized key: "codec"'],
    [
      { ...sas, video: { input: 'rtsp://cam', passthrough: { profileLevelId: 'main' } } },
      "cabinets[1].video.passthrough.profileLevelId: RFC 6184's profile-level-id",
    ],
    [{ ...sas, machineId: 1 }, 'cabinets[1].machineId: machine 1 is named twice'],
  ])('refuses a bad field with an error naming it (%#)', (cabinet, message) => {
    expect(() => parseCabinets({ cabinets: [{ machineId: 1, kind: 'emulated' }, cabinet] }, 'cabinets.json')).toThrow(
      `cabinets.json is not valid: ${message}`,
    );
  });
});
