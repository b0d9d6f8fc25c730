/** The platform, as other programs and their tests start it. */
export { loadConfig, type Config } from './config.ts';
export { startPlatform, type RunningPlatform } from './platform.ts';
