export { registerAccount } from './account-routes.ts';
export { playerNotBanned, PlayersService, pinVerifierOf, refuseTeamNames, type NewPlayer, type Player } from './players-service.ts';
export { makePinVerifier, pinMatches } from './pin-verifier.ts';
export { PinSeal } from './pin-seal.ts';
