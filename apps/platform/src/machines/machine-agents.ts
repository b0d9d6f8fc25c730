import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { AgentCommand, AgentRevokeRequest, PlayerRole, SeatProtection } from '@reelcast/protocol';
import type { Db } from '../db/index.ts';
import { machines, slotSessions } from '../db/schema.ts';
import type { MachineRegistry } from './machine-registry.ts';

/** A seat of the player and the limits it keeps now (MachinePlay.seatLimitsOf). */
export interface SeatLimits {
  machineId: number;
  sessionId: string;
  protection: SeatProtection;
}

/** The agent did not answer (no address, network, timeout): the command may or may not have happened. */
export class AgentUnreachable extends Error {}

/**
 * A revocation or a change of limits waits this long for the agents at most; one that does not answer
 * catches up at its re-check (a revocation) or at the player's next join (limits).
 */
const COMMAND_TIMEOUT_MS = 3_000;
/** The agent takes up to 1000 session ids per command. */
const REVOKE_BATCH = 1000;

/**
 * The platform → agent command channel (docs/machine-protocol.md): `POST {machine address}/commands/{command}`
 * with the machine service token. Any platform instance can send: the address is in the database.
 */
export class MachineAgents {
  readonly #db: Db;
  readonly #machines: MachineRegistry;
  readonly #serviceToken: string;
  /** The account's role as the database has it now (the players module's). */
  readonly #roleOf: (playerId: number) => Promise<PlayerRole | undefined>;
  /** Where an agent that could not be told is reported (the platform's log; the CLI's stderr). */
  readonly #log: (message: string, detail?: unknown) => void;

  constructor(deps: {
    db: Db;
    machines: MachineRegistry;
    serviceToken: string;
    roleOf: (playerId: number) => Promise<PlayerRole | undefined>;
    log: (message: string, detail?: unknown) => void;
  }) {
    this.#log = deps.log;
    this.#roleOf = deps.roleOf;
    this.#db = deps.db;
    this.#machines = deps.machines;
    this.#serviceToken = deps.serviceToken;
  }

  async send(machineId: number, command: AgentCommand, body: unknown, timeoutMs = 10_000): Promise<{ status: number; body: unknown }> {
    const machine = await this.#machines.byId(machineId);
    if (!machine.address) throw new AgentUnreachable(`machine ${machineId} has no agent address`);
    let response: Response;
    try {
      response = await fetch(`${machine.address}/commands/${command}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.#serviceToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new AgentUnreachable(`the agent of machine ${machineId} cannot be reached: ${(error as Error).message}`);
    }
    // The timeout covers the body too: an answer cut off after its headers is no answer.
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new AgentUnreachable(`the agent of machine ${machineId} broke off its answer: ${(error as Error).message}`);
    }
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: the caller sees the status with no body.
    }
    return { status: response.status, body: json };
  }

  /**
   * Tells the agents of every machine where the player holds a seat that these sign-in sessions ended
   * (`cashOut`: end the seats too); of every machine when the account is staff's or an admin's, whose
   * sign-in may be watching any of them (docs/console.md "Watch"). Never throws: an agent that cannot be
   * told finds out at its re-check.
   */
  async revoke(playerId: number, authSessionIds: readonly string[], options: { cashOut?: boolean } = {}): Promise<void> {
    const role = await this.#roleOf(playerId);
    const seats =
      role === 'staff' || role === 'admin'
        ? await this.#db.select({ machineId: machines.id }).from(machines).where(isNotNull(machines.address))
        : await this.#db
            .select({ machineId: slotSessions.machineId })
            .from(slotSessions)
            .where(and(eq(slotSessions.playerId, playerId), isNull(slotSessions.endedAt)));
    const requests: AgentRevokeRequest[] = [];
    for (let i = 0; i === 0 || i < authSessionIds.length; i += REVOKE_BATCH) {
      requests.push({ playerId, authSessionIds: authSessionIds.slice(i, i + REVOKE_BATCH) });
    }
    if (options.cashOut) requests.at(-1)!.cashOut = true;
    await Promise.all(
      seats.map(async ({ machineId }) => {
        try {
          for (const request of requests) {
            const answer = await this.send(machineId, 'revoke', request, COMMAND_TIMEOUT_MS);
            // 409: the player no longer holds that machine, so nothing of theirs is left there.
            if (answer.status === 409) return;
            if (answer.status >= 400) this.#log(`the agent of machine ${machineId} refused a revocation`, answer);
          }
        } catch (error) {
          this.#log(`machine ${machineId} was not told of a revocation; its agent catches up at its re-check`, error);
        }
      }),
    );
  }

  /**
   * Tells the agents of the player's seats (`seats()` reads them) the limits each seat keeps now
   * (`limits`). Never throws, so the change of limits that called it stands: seats that cannot be read
   * or an agent that cannot be told give the seat its limits at the player's next join.
   */
  async limitsChanged(playerId: number, seats: () => Promise<readonly SeatLimits[]>): Promise<void> {
    let open: readonly SeatLimits[];
    try {
      open = await seats();
    } catch (error) {
      this.#log(
        `the seats of player ${playerId} were not read to tell their agents of changed limits; they get them at the next join`,
        error,
      );
      return;
    }
    await Promise.all(
      open.map(async ({ machineId, sessionId, protection }) => {
        try {
          const answer = await this.send(machineId, 'limits', { playerId, sessionId, protection }, COMMAND_TIMEOUT_MS);
          // 409: the player no longer holds that machine.
          if (answer.status >= 400 && answer.status !== 409) this.#log(`the agent of machine ${machineId} refused changed limits`, answer);
        } catch (error) {
          this.#log(`machine ${machineId} was not told of changed limits; the seat gets them at the next join`, error);
        }
      }),
    );
  }
}
