export { InProcessBus, type Bus, type BusTopic, type BusTopics } from './bus.ts';
export { RedisBus, busChannel, busTopics } from './redis-bus.ts';
export { PushRelay, relayWarning, type RelayOutcome } from './push-relay.ts';
