// Test helper (not a test file): a platform with the seeded player, staff and admin signed in, for the console's tests.
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

export interface TeamPlatform {
  platform: TestPlatform;
  /** Tokens of the seeded accounts: `demo` (a player), `staff` and `admin`. */
  player: string;
  staff: string;
  admin: string;
}

export async function startTeamPlatform(): Promise<TeamPlatform> {
  const platform = await startTestPlatform();
  const [player, staff, admin] = await Promise.all([
    platform.login(),
    platform.login('staff', 'staff1234'),
    platform.login('admin', 'admin1234'),
  ]);
  return { platform, player, staff, admin };
}

/** A new staff member `username` (password `secret`), and their token. */
export async function newMember(platform: TestPlatform, username: string) {
  const member = await platform.services.players.create({ username, email: `${username}@x.test`, password: 'secret', role: 'staff' });
  return { id: member.id, token: await platform.login(username, 'secret') };
}
