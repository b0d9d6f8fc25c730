import { describe, expect, it } from 'vitest';
import { getChatQuery } from './chat.ts';
import { initRequest } from './game-socket.ts';
import { transactionListQuery } from './history.ts';
import { decimalText, jsonId } from './integers.ts';
import { idParam } from './lobby.ts';
import { machineCommandRequest } from './machine-api.ts';
import { noteParams } from './quick-panel.ts';

/** What a lenient number reader turns into a number, and none of these schemas may. */
const notJsonIntegers: unknown[] = ['8', [' 8'], ' 8', '0x8', '1e1', true, null, {}, 8.5, 0, -8, 2_147_483_648];
const notDecimalTexts = ['0x8', '08', '+8', ' 8', '8 ', '1e1', '8.0', '-8', '0', '', '٨', '８', '99999999999'];

describe('ids in JSON bodies and socket messages', () => {
  it.each(notJsonIntegers)('machineCommandRequest refuses machineId %j', (machineId) => {
    expect(machineCommandRequest.safeParse({ machineId }).success).toBe(false);
  });

  it.each(notJsonIntegers)('the game socket init refuses machineID %j and id %j', (value) => {
    expect(initRequest.safeParse({ machineID: value, token: 't' }).success).toBe(false);
    expect(initRequest.safeParse({ id: value }).success).toBe(false);
  });

  it('control: JSON integers are read', () => {
    expect(machineCommandRequest.parse({ machineId: 8 })).toEqual({ machineId: 8 });
    expect(initRequest.parse({ machineID: 8, token: 't' })).toEqual({ machineID: 8, token: 't' });
    expect(initRequest.parse({ id: 8 })).toEqual({ id: 8 });
  });
});

describe('ids and numbers as text (path and query)', () => {
  it.each(notDecimalTexts)('%j is refused by every text schema', (text) => {
    expect(decimalText(jsonId).safeParse(text).success).toBe(false);
    expect(idParam.safeParse({ id: text }).success).toBe(false);
    expect(noteParams.safeParse({ id: text }).success).toBe(false);
    expect(getChatQuery.safeParse({ contactId: text, userId: '1' }).success).toBe(false);
    expect(transactionListQuery.safeParse({ page: text }).success).toBe(false);
    expect(transactionListQuery.safeParse({ action: text }).success).toBe(false);
  });

  it('a repeated query parameter (a list) is refused', () => {
    expect(transactionListQuery.safeParse({ page: ['1', '2'] }).success).toBe(false);
  });

  it('control: canonical digits are read as numbers', () => {
    expect(idParam.parse({ id: '8' })).toEqual({ id: 8 });
    expect(idParam.parse({ id: '2147483647' })).toEqual({ id: 2_147_483_647 });
    expect(getChatQuery.parse({ contactId: '3', userId: '12' })).toEqual({ contactId: 3, userId: 12 });
    expect(transactionListQuery.parse({ page: '2', perPage: '50', action: '4' })).toMatchObject({ page: 2, perPage: 50, action: 4 });
    expect(transactionListQuery.parse({})).toMatchObject({ page: 1, perPage: 20 });
  });
});
