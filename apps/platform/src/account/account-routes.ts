import {
  accountUser,
  errorAnswer,
  passwordChangeAnswer,
  passwordChangeRequest,
  pinRevealAnswer,
  pinRevealRequest,
  profileAnswer,
  userUpdateRequest,
} from '@reelcast/protocol';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { playerOf, signedInRoutes, zod, type RouteModule } from '../http/index.ts';
import { AccountService, type AccountServiceDeps } from './account-service.ts';

const errors = { '4xx': errorAnswer, '5xx': errorAnswer };

/** The Profile page: the player's own data, password change and saved settings (docs/api.md "Account"). */
export type AccountDeps = Omit<AccountServiceDeps, 'db' | 'wrongPasswordLimit'> & {
  database: Pick<Database, 'db'>;
  config: Pick<Config, 'loginMaxFailures' | 'loginWindowMinutes'>;
};

export const registerAccount: RouteModule<AccountDeps> = (app, { auth, database, players, audit, attempts, clock, config, revocations }) =>
  signedInRoutes(app, auth, (scope) => {
    const api = zod(scope);
    const account = new AccountService({
      db: database.db,
      auth,
      players,
      audit,
      clock,
      revocations,
      wrongPasswordLimit: { max: config.loginMaxFailures, windowMinutes: config.loginWindowMinutes },
      attempts,
    });
    const meta = { tags: ['account'], security: [{ bearer: [] }] };

    api.get(
      '/player/profile',
      {
        schema: {
          ...meta,
          summary: "The signed-in player's user data (SPEC §3) and saved settings",
          response: { 200: profileAnswer, ...errors },
        },
      },
      (request) => account.profile(playerOf(request)),
    );

    api.post(
      '/player/password',
      {
        schema: {
          ...meta,
          summary: 'Change the password: 40001 old password is wrong, 40101 password is too short; other sessions are signed out',
          body: passwordChangeRequest,
          response: { 200: passwordChangeAnswer, ...errors },
        },
      },
      (request) => account.changePassword(playerOf(request), request.body.oldPassword, request.body.newPassword, request.ip),
    );

    api.post(
      '/player/pin',
      {
        schema: {
          ...meta,
          summary:
            "The player's idle-lock PIN for the idle dialog's hint, given the password: 40001 wrong password (counted with the password change's), 40400 no PIN kept to show",
          body: pinRevealRequest,
          response: { 200: pinRevealAnswer, ...errors },
        },
      },
      (request) => account.revealPin(playerOf(request), request.body.password, request.ip),
    );

    api.post(
      '/api/auth/user/update',
      {
        schema: {
          ...meta,
          summary: "Save the user's shortcuts and settings (theme, layout); answers the updated user data",
          body: userUpdateRequest,
          response: { 200: accountUser, ...errors },
        },
      },
      (request) => account.update(playerOf(request).id, request.body.user),
    );
  });
