export {
  playerNotBanned,
  PlayersService,
  pinVerifierOf,
  refuseTeamNames,
  toUserData,
  type NewPlayer,
  type Player,
} from './players-service.ts';
export { makePinVerifier, pinMatches } from './pin-verifier.ts';
export { PinSeal } from './pin-seal.ts';
