import { AuditType, ErrorCode, type AgentCommand, type AuditType as AuditTypeName } from '@reelcast/protocol';
import type { AuditLog } from '../audit/index.ts';
import { AgentUnreachable, type MachineAgents, type MachinePlay, type MachineRegistry } from '../machines/index.ts';
import { DomainError, type Clock } from '../shared/index.ts';

/** Who acts, from where, and why: what the audit log keeps of every console action. */
export interface Actor {
  username: string;
  ip: string;
  reason: string;
}

export interface ConsoleActionsDeps {
  machines: Pick<MachineRegistry, 'setMaintenance'>;
  play: Pick<MachinePlay, 'openSlotSessionOf'>;
  agents: Pick<MachineAgents, 'send'>;
  audit: Pick<AuditLog, 'write'>;
  clock: Clock;
}

/**
 * The console's actions on a machine (docs/console.md "Actions"). Each is carried to the machine's agent
 * on the command channel the platform already uses (docs/machine-protocol.md) and written to the audit
 * log with who did it and why.
 */
export class ConsoleActions {
  readonly #d: ConsoleActionsDeps;

  constructor(deps: ConsoleActionsDeps) {
    this.#d = deps;
  }

  /**
   * In maintenance: the flag goes on first, so no new seat opens meanwhile, and is written to the audit
   * log; then a seated player is ended as `endSession` does (a second entry, with the same reason). An
   * agent that cannot be reached leaves the machine in maintenance with its seat: the answer says so
   * (502) and End session can be tried again. Out of maintenance: the flag goes off.
   */
  async maintenance(machineId: number, on: boolean, actor: Actor): Promise<{ cashedOut?: number }> {
    const changed = await this.#d.machines.setMaintenance(machineId, on);
    const seat = on ? await this.#d.play.openSlotSessionOf(machineId) : undefined;
    await this.#audit(AuditType.Maintenance, actor, seat?.playerId ?? null, { machineId, on, changed });
    if (!seat) return {};
    return this.#endSeat(machineId, seat, actor);
  }

  /** Ends the seated player's slot session as SPEC §4's CLOSE_SESSION: the game is told, the credit cashed out, the seat closed. */
  async endSession(machineId: number, actor: Actor): Promise<{ cashedOut: number }> {
    return this.#endSeat(machineId, await this.#seatOf(machineId), actor);
  }

  async #endSeat(machineId: number, seat: { id: string; playerId: number }, actor: Actor): Promise<{ cashedOut: number }> {
    const answer = (await this.#command(machineId, 'close', { playerId: seat.playerId })) as { amount?: number };
    const cashedOut = answer.amount ?? 0;
    await this.#audit(AuditType.SessionEndedByStaff, actor, seat.playerId, { machineId, sessionId: seat.id, cashedOut });
    return { cashedOut };
  }

  /** Sends the seated player a message their game shows (an OPERATOR_MESSAGE info push). */
  async message(machineId: number, text: string, actor: Actor): Promise<void> {
    const seat = await this.#seatOf(machineId);
    const answer = (await this.#command(machineId, 'message', { playerId: seat.playerId, text })) as { delivered?: boolean };
    if (!answer.delivered)
      throw new DomainError(ErrorCode.MachineNotPlaying, undefined, "The player's game is not connected; the message was not sent.");
    await this.#audit(AuditType.MessageSent, actor, seat.playerId, { machineId, sessionId: seat.id, text });
  }

  async #seatOf(machineId: number) {
    const seat = await this.#d.play.openSlotSessionOf(machineId);
    if (!seat) throw new DomainError(ErrorCode.MachineNotPlaying, undefined, 'No player is seated at this machine.');
    return seat;
  }

  /** One command to the machine's agent; its refusal or silence as a domain error. */
  async #command(machineId: number, command: AgentCommand, body: unknown): Promise<unknown> {
    let answer: { status: number; body: unknown };
    try {
      answer = await this.#d.agents.send(machineId, command, body);
    } catch (error) {
      if (!(error instanceof AgentUnreachable)) throw error;
      throw new DomainError(ErrorCode.PipelineFailed, undefined, 'The machine cannot be reached; try again.');
    }
    const refusal = (answer.body ?? {}) as { code?: number; ErrorMessage?: string };
    if (answer.status >= 400) {
      throw new DomainError(
        answer.status >= 500 ? ErrorCode.PipelineFailed : ErrorCode.MachineBusy,
        undefined,
        refusal.ErrorMessage ?? 'The machine refused.',
      );
    }
    return answer.body ?? {};
  }

  #audit(type: AuditTypeName, actor: Actor, playerId: number | null, detail: Record<string, unknown>): Promise<void> {
    return this.#d.audit.write(
      { type, username: actor.username, ip: actor.ip, playerId, detail: { ...detail, reason: actor.reason } },
      this.#d.clock(),
    );
  }
}
