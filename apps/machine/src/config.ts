import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { envBool, envList, envPort, envTrustProxy, parseEnv } from '@reelcast/protocol/server';
import type { AgentConfig } from './agent/agent.ts';
import { splitUrls } from './agent/platform-client.ts';

/**
 * The machine agent's settings: every field has a default, every one can be set from the environment
 * (the name in brackets). docs/configuration.md "Machine agent" lists them.
 */
export const agentSettingsSchema = z.object({
  /** [MACHINE_PORT] port of the game sockets (`/machines/{id}`) and video (`/machines/{id}/whep`). */
  port: envPort.default(8081),
  /** [HOST] interface to listen on. */
  host: z.string().default('0.0.0.0'),
  /** [MACHINE_PUBLIC_URL] how browsers (and the platform) reach the agent; default http://localhost:{port}. */
  publicUrl: z.string().url().optional(),
  /** [DATA_DIR] the machines' state files live in {dataDir}/machines; the service token file in {dataDir}/keys. */
  dataDir: z.string().default('./data'),
  /** [MACHINE_SEED] base of the emulated machines' random seeds (machine {id} plays `${seed}-${id}`). */
  seed: z.string().min(1).default('reelcast'),
  /**
   * [MACHINE_VIDEO_PATH] `forward`: each cabinet picture is coded once and its packets forwarded to every
   * viewer; `per-viewer`: libwebrtc codes it again for each viewer (the earlier path, kept for comparison).
   * docs/video.md.
   */
  videoPath: z.enum(['forward', 'per-viewer']).default('forward'),
  /**
   * [MACHINE_VIDEO_CODEC] on the forward path, the codec a drawn cabinet is coded in for a browser that
   * takes both: `h264` (libx264, constrained baseline: about a third less CPU a frame) or `vp8` (libvpx).
   * A browser without H.264 gets VP8 either way. docs/video.md.
   */
  videoCodec: z.enum(['h264', 'vp8']).default('h264'),
  /**
   * [MACHINE_VIDEO_FRAME_STAMP] paint the frame stamp (a barcode of the drawing time and frame number)
   * into the top-left corner of every video frame, for benchmarks and tests that read it back; off, a
   * player sees the cabinet's own corner (docs/video.md).
   */
  videoFrameStamp: envBool.default(false),
  /**
   * [MACHINE_SIGN_IN_RECHECK_SECONDS] how often the agent asks which of its seats' sign-in sessions are
   * still live: an expiry, or a logout or ban it missed, ends their game sockets and video within this time.
   */
  signInRecheckSeconds: z.coerce.number().positive().default(15),
  /** [MACHINE_PLAYER_MESSAGES_PER_SECOND] game-socket messages per second of one player, all their sockets together. */
  playerRatePerSecond: z.coerce.number().positive().default(20),
  /** [MACHINE_PLAYER_MESSAGE_BURST] the burst above that. */
  playerBurst: z.coerce.number().int().positive().default(40),
  /**
   * [PLATFORM_URL] where the agent finds the platform (`reelcast machines`; `reelcast start` uses its own):
   * the load balancer's URL, or several instances' URLs separated by commas, tried in turn when one does
   * not answer (docs/machine-protocol.md "Several platform instances").
   */
  platformUrl: z
    .string()
    .refine((value) => splitUrls(value).length > 0 && splitUrls(value).every((url) => URL.canParse(url)), {
      message: 'a URL, or several separated by commas',
    })
    .default('http://localhost:8080'),
  /** [MACHINE_API_TOKEN] the service token, the platform's; default: read from {dataDir}/keys/machine-api-token. */
  serviceToken: z.string().min(16).optional(),
  /**
   * [PUBLIC_URL] the portal's public URL as browsers open it (the load balancer's), whose origin may open
   * game sockets and video; default: the origins of PLATFORM_URL.
   */
  portalUrl: z.string().url().optional(),
  /** [ALLOWED_ORIGINS] further browser origins allowed on the game sockets and video ('*' for any). */
  allowedOrigins: envList.default([]),
  /**
   * [TRUST_PROXY] the proxies in front of the game sockets whose `X-Forwarded-For` gives the player's
   * address (sent with the seat request for the IP check): none by default; `true` is `loopback`; or
   * addresses/CIDRs (docs/ip-check.md). The platform's variable of the same name, read by the agent.
   */
  trustProxy: envTrustProxy.default([]),
  /**
   * [MACHINE_LATENCY_TRACE] a file the agent and its video process append latency-trace lines to (JSON, one
   * per stage of a press or a join, docs/benchmarks.md); unset: no trace, at no cost.
   */
  latencyTraceFile: z.string().min(1).optional(),
  /** [LOG_LEVEL] */
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * [METRICS_TOKEN] the Bearer token Prometheus sends to scrape the agent's GET /metrics (docs/operations.md);
   * the platform's variable of the same name, read by the agent. Without it the agent has no /metrics.
   */
  metricsToken: z.string().min(16).optional(),
});
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

export const agentEnvNames: Record<keyof AgentSettings, string> = {
  port: 'MACHINE_PORT',
  host: 'HOST',
  publicUrl: 'MACHINE_PUBLIC_URL',
  dataDir: 'DATA_DIR',
  seed: 'MACHINE_SEED',
  videoPath: 'MACHINE_VIDEO_PATH',
  videoCodec: 'MACHINE_VIDEO_CODEC',
  videoFrameStamp: 'MACHINE_VIDEO_FRAME_STAMP',
  signInRecheckSeconds: 'MACHINE_SIGN_IN_RECHECK_SECONDS',
  playerRatePerSecond: 'MACHINE_PLAYER_MESSAGES_PER_SECOND',
  playerBurst: 'MACHINE_PLAYER_MESSAGE_BURST',
  platformUrl: 'PLATFORM_URL',
  serviceToken: 'MACHINE_API_TOKEN',
  portalUrl: 'PUBLIC_URL',
  allowedOrigins: 'ALLOWED_ORIGINS',
  trustProxy: 'TRUST_PROXY',
  latencyTraceFile: 'MACHINE_LATENCY_TRACE',
  logLevel: 'LOG_LEVEL',
  metricsToken: 'METRICS_TOKEN',
};

/** Reads the agent's settings from the environment, then applies `overrides` (CLI flags, `reelcast start`). */
export function loadAgentSettings(overrides: Partial<AgentSettings> = {}, env: NodeJS.ProcessEnv = process.env): AgentSettings {
  return parseEnv(agentSettingsSchema, agentEnvNames, env, overrides, 'Invalid machine agent configuration');
}

/** Where the platform keeps the service token it made, when MACHINE_API_TOKEN does not give one. */
export const serviceTokenFile = (settings: Pick<AgentSettings, 'dataDir'>) => path.resolve(settings.dataDir, 'keys', 'machine-api-token');

/**
 * What `startMachineAgent` takes, from the settings: the service token from MACHINE_API_TOKEN or the
 * platform's token file (an error naming both when neither is there), the portal's origins by the
 * platform's rule (docs/security.md "Origins").
 */
export function agentConfig(settings: AgentSettings, extra: Pick<AgentConfig, 'logger' | 'machineIds' | 'cabinets'> = {}): AgentConfig {
  return {
    platformUrl: settings.platformUrl,
    serviceToken: settings.serviceToken ?? readServiceToken(serviceTokenFile(settings)),
    port: settings.port,
    host: settings.host,
    publicUrl: settings.publicUrl,
    dataDir: settings.dataDir,
    seed: settings.seed,
    videoPath: settings.videoPath,
    videoCodec: settings.videoCodec,
    videoFrameStamp: settings.videoFrameStamp,
    signInRecheckSeconds: settings.signInRecheckSeconds,
    playerRatePerSecond: settings.playerRatePerSecond,
    playerBurst: settings.playerBurst,
    allowedOrigins: [...(settings.portalUrl ? [settings.portalUrl] : splitUrls(settings.platformUrl)), ...settings.allowedOrigins],
    trustProxy: settings.trustProxy,
    latencyTraceFile: settings.latencyTraceFile,
    metricsToken: settings.metricsToken,
    ...extra,
  };
}

function readServiceToken(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`no machine service token: set MACHINE_API_TOKEN or run where ${file} exists (the platform creates it)`);
  }
}

/** The agent's URL as browsers reach it: MACHINE_PUBLIC_URL, or localhost on its port. */
export const agentPublicUrl = (settings: Pick<AgentSettings, 'publicUrl' | 'port'>) =>
  settings.publicUrl ?? `http://localhost:${settings.port}`;
