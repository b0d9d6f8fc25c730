import { describe, expect, it } from 'vitest';
import { playerAddress } from './player-address.ts';

const from = (address: string, forwarded?: string) => ({
  address,
  headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
});

describe('playerAddress', () => {
  it("with no trusted proxy, is the connection's address whatever X-Forwarded-For says", () => {
    const addressOf = playerAddress([]);
    expect(addressOf(from('127.0.0.1', '88.255.0.1'))).toBe('127.0.0.1');
    expect(addressOf(from('203.0.113.5'))).toBe('203.0.113.5');
  });

  it("through a trusted proxy, is the header's last address that is not a trusted proxy", () => {
    const addressOf = playerAddress(['loopback']);
    expect(addressOf(from('127.0.0.1', '88.255.0.1'))).toBe('88.255.0.1');
    expect(addressOf(from('::1', '10.9.8.7, 88.255.0.1'))).toBe('88.255.0.1');
    expect(addressOf(from('127.0.0.1'))).toBe('127.0.0.1');
  });

  it('does not believe the header of a connection from an address that is not a trusted proxy', () => {
    const addressOf = playerAddress(['10.0.0.0/8']);
    expect(addressOf(from('127.0.0.1', '88.255.0.1'))).toBe('127.0.0.1');
    expect(addressOf(from('10.1.1.1', '88.255.0.1'))).toBe('88.255.0.1');
  });

  it('stops at the first hop that is not trusted: an address a client put in front of the header does not count', () => {
    const addressOf = playerAddress(['loopback', '10.0.0.0/8']);
    // The client wrote "1.1.1.1"; the proxy at 10.0.0.2 appended the client's real address 88.255.0.1.
    expect(addressOf(from('127.0.0.1', '1.1.1.1, 88.255.0.1, 10.0.0.2'))).toBe('88.255.0.1');
  });
});
