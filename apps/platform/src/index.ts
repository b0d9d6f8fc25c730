/** The platform, as other programs and their tests start it. */
export { loadConfig, type Config } from './config.ts';
export { startPlatform, type RunningPlatform, type StartOptions } from './platform.ts';
