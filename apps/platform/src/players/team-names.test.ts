import { describe, expect, it } from 'vitest';
import { looksLikeTeamName, teamNameField } from './team-names.ts';

describe('looksLikeTeamName: a name that would pass for the team', () => {
  it.each([
    ['Admin', 'case'],
    ['ADMIN', 'case'],
    ['Аdmin', 'a Cyrillic А'],
    ['ΑDMIN', 'a Greek Α'],
    ['ADM1N', 'the digit 1 for I'],
    ['AdmIn', 'a capital I for i'],
    ['r00t', 'zeros for o'],
    ['lnfo', 'a small L for a capital I'],
    ['ＡＤＭＩＮ', 'full-width letters'],
    ['Àdmin', 'an accent'],
    ['Ad\u200Bmin', 'a zero-width space'],
    ['Ad min', 'a space inside'],
    ['Reelcast Support', 'one of its words'],
    ['Deniz Admin', 'one of its words'],
    ['Yönetici', 'Turkish'],
    ['YONETICI', 'Turkish without the accent'],
    ['الإدارة', 'Arabic'],
  ])('%s (%s)', (name) => {
    expect(looksLikeTeamName(name)).toBe(true);
  });

  it.each(['Deniz Yılmaz', 'Ayşe Demir', 'Adam', 'Admiral', 'Emin', 'Selin', 'Nil', 'İnanç', 'محمد', 'Helpful', 'Rootsi', ''])(
    'lets an ordinary name be: %j',
    (name) => {
      expect(looksLikeTeamName(name)).toBe(false);
    },
  );
});

describe('teamNameField: which field of a new account would pass for the team', () => {
  it('names the username, the name, the last name, or the name for both together', () => {
    expect(teamNameField({ username: 'ADM1N' })).toBe('username');
    expect(teamNameField({ username: 'deniz', name: 'Аdmin' })).toBe('name');
    expect(teamNameField({ username: 'deniz', name: 'Deniz', lastname: 'Support' })).toBe('lastname');
    expect(teamNameField({ username: 'deniz', name: 'Ad', lastname: 'min' })).toBe('name');
    expect(teamNameField({ username: 'deniz', name: 'Deniz', lastname: 'Yılmaz' })).toBeNull();
  });
});
