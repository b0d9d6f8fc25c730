export * from './codes.ts';
export * from './errors.ts';
export * from './integers.ts';
export * from './money.ts';
export * from './money-format.ts';
export * from './auth.ts';
export * from './lobby.ts';
export * from './settings.ts';
export * from './info-pages.ts';
export * from './notifications.ts';
export * from './machine-api.ts';
export * from './game-socket.ts';
export * from './promotions.ts';
export * from './history.ts';
export * from './transaction-memos.ts';
export * from './account.ts';
export * from './origins.ts';
export * from './bearer.ts';
export * from './video-bands.ts';
export * from './chat.ts';
export * from './jackpots.ts';
export * from './quick-panel.ts';
export * from './door.ts';
export * from './pin.ts';
export * from './self-service.ts';
export * from './documentation.ts';

/** The version string the platform reports as `versions` and the portal shows as its UI version. */
export const UI_VERSION = 'v2.4.5';
