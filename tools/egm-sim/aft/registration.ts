import { Exception } from '../machine/exception-codes.ts';
import { ZERO_KEY } from '../machine/state.ts';
import type { AftMachine } from './aft-machine.ts';

export const RegistrationStatus = { Ready: 0x00, Registered: 0x01, Pending: 0x40, NotRegistered: 0x80 } as const;
export const RegistrationCode = { Initialize: 0x00, Register: 0x01, RequestAcknowledgement: 0x40, Unregister: 0x80, Read: 0xff } as const;

const POS_ID_NO_CHANGE = 0xffffffff;

/**
 * AFT registration (long poll 73), as SAS 6.02's registration states run: "initialize" makes a machine whose
 * asset number matches ready; "register" with a non-zero key then registers it; a wrong asset number, a zero key,
 * or registering out of order leaves it not registered (exception 6E). "Request operator acknowledgement" moves a
 * ready machine to pending (6D) and back.
 */
export function register(machine: AftMachine, code: number, assetNumber: number, key: string, posId: number): void {
  const registration = machine.state.aft.registration;
  const assetMatches = assetNumber !== 0 && assetNumber === machine.config.assetNumber;
  const setStatus = (status: number): void => {
    if (status === RegistrationStatus.NotRegistered && registration.status !== status) {
      machine.exceptions.add(Exception.AftRegistrationCancelled);
    }
    if (status === RegistrationStatus.Pending) machine.exceptions.add(Exception.AftRegistrationAcknowledged);
    registration.status = status;
  };
  const unregister = (): void => {
    registration.key = ZERO_KEY;
    registration.posId = 0;
    setStatus(RegistrationStatus.NotRegistered);
  };
  if (code === RegistrationCode.Read) return;
  if (code === RegistrationCode.Unregister) return unregister();
  if (!assetMatches) return unregister();
  switch (code) {
    case RegistrationCode.Initialize:
      if (key === ZERO_KEY) registration.key = ZERO_KEY;
      if (posId === 0) registration.posId = 0;
      if (registration.status !== RegistrationStatus.Ready) setStatus(RegistrationStatus.Ready);
      return;
    case RegistrationCode.Register:
      if (registration.status !== RegistrationStatus.Ready || key === ZERO_KEY) return unregister();
      registration.key = key;
      if (posId !== POS_ID_NO_CHANGE) registration.posId = posId;
      return setStatus(RegistrationStatus.Registered);
    case RegistrationCode.RequestAcknowledgement:
      if (registration.status === RegistrationStatus.Ready) return setStatus(RegistrationStatus.Pending);
      if (registration.status === RegistrationStatus.Pending) return setStatus(RegistrationStatus.Ready);
      return unregister();
    default:
      return;
  }
}

export function isRegistered(machine: AftMachine): boolean {
  const { registration } = machine.state.aft;
  return registration.status === RegistrationStatus.Registered && registration.key !== ZERO_KEY;
}
