/** The machine agent, as other programs start it (`reelcast start`, `reelcast machines`). */
export { startMachineAgent, type AgentConfig, type RunningAgent } from './agent/agent.ts';
export { agentConfig, agentEnvNames, agentPublicUrl, loadAgentSettings, type AgentSettings } from './config.ts';
export {
  readCabinetsFile,
  type CabinetEntry,
  type CabinetsFile,
  type CabinetsFileEntry,
  type SimulatedCabinetEntry,
} from './cabinet/cabinets-file.ts';
