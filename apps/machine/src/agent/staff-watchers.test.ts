import { describe, expect, it } from 'vitest';
import { ErrorCode, type WatchAnswer } from '@reelcast/protocol';
import { PlatformRefusal } from './platform-client.ts';
import { StaffWatchers } from './staff-watchers.ts';

const STAFF = { authSessionId: '00000000-0000-4000-8000-00000000000a', playerId: 2 };
const ADMIN = { authSessionId: '00000000-0000-4000-8000-00000000000b', playerId: 3 };

/** The platform's answers as a map of tokens, and the video it was told to end. */
function watchersOf(members: Record<string, WatchAnswer>) {
  const live = new Set(Object.values(members).map((m) => m.authSessionId));
  const asked: string[] = [];
  const closed: [string, readonly string[]][] = [];
  const watchers = new StaffWatchers({
    platform: {
      watch: (_machineId, token) => {
        asked.push(token);
        const member = members[token];
        return member ? Promise.resolve(member) : Promise.reject(new PlatformRefusal(403, ErrorCode.RoleRequired, 'staff only'));
      },
      liveWatchers: (list) => Promise.resolve(new Set(list.map((w) => w.authSessionId).filter((id) => live.has(id)))),
    },
    closeViewers: (machineId, ids) => void closed.push([machineId, ids]),
    log: () => {},
  });
  return { watchers, live, asked, closed };
}

describe('StaffWatchers: who watches without a seat', () => {
  it('admits what the platform admits, asks once per request, and knows the token on that machine only', async () => {
    const { watchers, asked } = watchersOf({ 'staff-token': STAFF });
    const request = {};
    expect(await watchers.admit(request, '4', 'staff-token')).toBe(STAFF.authSessionId);
    // The same POST checked again after its answer: no second question (and no second audit entry).
    expect(await watchers.admit(request, '4', 'staff-token')).toBe(STAFF.authSessionId);
    expect(asked).toEqual(['staff-token']);
    expect(watchers.known('staff-token', '4')).toBe(STAFF.authSessionId);
    expect(watchers.known('staff-token', '5')).toBeNull();
    expect(await watchers.admit({}, '4', 'player-token')).toBeNull();
    expect(watchers.known('player-token', '4')).toBeNull();
    expect(watchers.viewersOf('4')).toEqual(new Set([STAFF.authSessionId]));
    expect(watchers.viewersOf('5')).toEqual(new Set());
  });

  it("a revoked sign-in's watches end at once on each machine, without asking the platform; the others stay", async () => {
    const { watchers, closed } = watchersOf({ 'staff-token': STAFF, 'admin-token': ADMIN });
    await watchers.admit({}, '4', 'staff-token');
    await watchers.admit({}, '6', 'staff-token');
    await watchers.admit({}, '4', 'admin-token');
    watchers.end([STAFF.authSessionId, 'someone-else']);
    expect(closed).toEqual([
      ['4', [STAFF.authSessionId]],
      ['6', [STAFF.authSessionId]],
    ]);
    expect(watchers.known('staff-token', '6')).toBeNull();
    expect(watchers.viewersOf('4')).toEqual(new Set([ADMIN.authSessionId]));
  });

  it('the re-check ends the video of a member no longer live (signed out, demoted) on each machine they watch, and forgets them', async () => {
    const { watchers, live, closed } = watchersOf({ 'staff-token': STAFF, 'admin-token': ADMIN });
    await watchers.admit({}, '4', 'staff-token');
    await watchers.admit({}, '6', 'staff-token');
    await watchers.admit({}, '4', 'admin-token');
    await watchers.recheck();
    expect(closed).toEqual([]);
    live.delete(STAFF.authSessionId);
    await watchers.recheck();
    expect(closed).toEqual([
      ['4', [STAFF.authSessionId]],
      ['6', [STAFF.authSessionId]],
    ]);
    expect(watchers.known('staff-token', '4')).toBeNull();
    expect(watchers.known('admin-token', '4')).toBe(ADMIN.authSessionId);
  });
});
