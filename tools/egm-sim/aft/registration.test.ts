import { describe, expect, it } from 'vitest';
import { drainExceptions, testCabinet } from '../machine/cabinet-test-helpers.ts';
import { transferRequest } from './aft-test-helpers.ts';
import { isRegistered, register, RegistrationCode, RegistrationStatus } from './registration.ts';

const KEY = 'ab'.repeat(20);

function machine() {
  const { cabinet } = testCabinet({ assetNumber: 1234 });
  return cabinet;
}

describe('AFT registration (long poll 73)', () => {
  it('goes not registered → ready (initialize) → registered (register with a key and POS ID)', () => {
    const cabinet = machine();
    expect(cabinet.state.aft.registration.status).toBe(RegistrationStatus.NotRegistered);
    register(cabinet, RegistrationCode.Initialize, 1234, KEY, 0);
    expect(cabinet.state.aft.registration.status).toBe(RegistrationStatus.Ready);
    register(cabinet, RegistrationCode.Register, 1234, KEY, 77);
    expect(cabinet.state.aft.registration).toEqual({ status: RegistrationStatus.Registered, key: KEY, posId: 77 });
    expect(isRegistered(cabinet)).toBe(true);
  });

  it('will not register without initialize first, with another asset number, or with a zero key (6E)', () => {
    const cabinet = machine();
    register(cabinet, RegistrationCode.Register, 1234, KEY, 0);
    expect(cabinet.state.aft.registration.status).toBe(RegistrationStatus.NotRegistered);
    register(cabinet, RegistrationCode.Initialize, 9999, KEY, 0);
    expect(cabinet.state.aft.registration.status).toBe(RegistrationStatus.NotRegistered);
    register(cabinet, RegistrationCode.Initialize, 1234, KEY, 0);
    register(cabinet, RegistrationCode.Register, 1234, '0'.repeat(40), 0);
    expect(cabinet.state.aft.registration.status).toBe(RegistrationStatus.NotRegistered);
    expect(drainExceptions(cabinet)).toEqual([0x6e]);
  });

  it('unregisters on code 80, forgetting the key, and keeps the POS ID on FFFFFFFF (no change)', () => {
    const cabinet = machine();
    register(cabinet, RegistrationCode.Initialize, 1234, KEY, 0);
    register(cabinet, RegistrationCode.Register, 1234, KEY, 5);
    register(cabinet, RegistrationCode.Initialize, 1234, KEY, 5);
    register(cabinet, RegistrationCode.Register, 1234, KEY, 0xffffffff);
    expect(cabinet.state.aft.registration.posId).toBe(5);
    register(cabinet, RegistrationCode.Unregister, 0, '0'.repeat(40), 0);
    expect(cabinet.state.aft.registration).toEqual({ status: RegistrationStatus.NotRegistered, key: '0'.repeat(40), posId: 0 });
    expect(isRegistered(cabinet)).toBe(false);
  });

  it('moves a ready machine to pending and back on "request operator acknowledgement" (6D)', () => {
    const cabinet = machine();
    register(cabinet, RegistrationCode.Initialize, 1234, KEY, 0);
    register(cabinet, RegistrationCode.RequestAcknowledgement, 1234, KEY, 0);
    expect(cabinet.state.aft.registration.status).toBe(RegistrationStatus.Pending);
    register(cabinet, RegistrationCode.RequestAcknowledgement, 1234, KEY, 0);
    expect(cabinet.state.aft.registration.status).toBe(RegistrationStatus.Ready);
    expect(drainExceptions(cabinet)).toEqual([0x6d]);
  });

  it('then checks the key of every transfer that carries one (88 not registered, 89 wrong key)', () => {
    const cabinet = machine();
    register(cabinet, RegistrationCode.Initialize, 1234, KEY, 0);
    register(cabinet, RegistrationCode.Register, 1234, KEY, 0);
    const status = (key: string, id: string) => {
      const reply = cabinet.transfers.request(transferRequest(100, { assetNumber: 1234, registrationKey: key, transactionId: id }));
      return reply.kind === 'record' ? reply.record.status : reply.kind;
    };
    expect(status('cd'.repeat(20), 'A')).toBe(0x89);
    expect(status(KEY, 'B')).toBe(0x00);
  });
});
