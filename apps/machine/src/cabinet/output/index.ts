// A cabinet's output board (docs/cabinets.md "Output drivers").
export { MAX_PULSE_MS, type OutputDriver } from './output-driver.ts';
export { lcusFrame, openLcusRelayDriver } from './lcus-relay-driver.ts';
export { gpiosetArgs, gpiosetMajor, openGpioDriver, type CommandRunner, type GpioOptions } from './gpio-driver.ts';
export { RecordingDriver, type RecordedPulse } from './recording-driver.ts';
export {
  cabinetButtons,
  openOutputDriver,
  outputSettingsSchema,
  type CabinetButton,
  type OutputBoard,
  type OutputSettings,
} from './output-settings.ts';
