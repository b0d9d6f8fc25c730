import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/index.ts';
import { AgentUnreachable, MachineAgents } from './machine-agents.ts';
import type { MachineRegistry } from './machine-registry.ts';

/** The agents of `machines` (no database: these tests never reach it), logging into `logged`. */
const agentsOf = (machines: MachineRegistry, logged: string[]) =>
  new MachineAgents({ db: {} as Db, machines, serviceToken: 't', roleOf: async () => 'user', log: (message) => logged.push(message) });

describe('MachineAgents.limitsChanged', () => {
  it('never fails the change of limits that called it: seats that cannot be read are logged, and no agent is asked', async () => {
    const logged: string[] = [];
    const asked: number[] = [];
    const machines = { byId: async (id: number) => (asked.push(id), { address: null }) } as unknown as MachineRegistry;
    const agents = agentsOf(machines, logged);
    await expect(
      agents.limitsChanged(7, async () => {
        throw new Error('connection lost');
      }),
    ).resolves.toBeUndefined();
    expect(logged).toEqual(['the seats of player 7 were not read to tell their agents of changed limits; they get them at the next join']);
    expect(asked).toEqual([]);
  });

  it('an agent that cannot be reached is logged and the others are still told', async () => {
    const logged: string[] = [];
    const machines = { byId: async () => ({ address: null }) } as unknown as MachineRegistry;
    const agents = agentsOf(machines, logged);
    const protection = {} as never;
    await agents.limitsChanged(7, async () => [
      { machineId: 1, sessionId: 'a', protection },
      { machineId: 2, sessionId: 'b', protection },
    ]);
    expect(logged.sort()).toEqual([
      'machine 1 was not told of changed limits; the seat gets them at the next join',
      'machine 2 was not told of changed limits; the seat gets them at the next join',
    ]);
  });
});

describe('MachineAgents.send', () => {
  it('an answer cut off after its headers is AgentUnreachable, not a status with no body', async () => {
    const agent = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100 });
      res.write('{"ok":', () => res.socket?.destroy());
    });
    await new Promise<void>((resolve) => agent.listen(0, '127.0.0.1', resolve));
    try {
      const address = `http://127.0.0.1:${(agent.address() as AddressInfo).port}`;
      const machines = { byId: async () => ({ address }) } as unknown as MachineRegistry;
      await expect(agentsOf(machines, []).send(1, 'kick', { playerId: 7 })).rejects.toBeInstanceOf(AgentUnreachable);
    } finally {
      agent.closeAllConnections();
      await new Promise((resolve) => agent.close(resolve));
    }
  });
});
