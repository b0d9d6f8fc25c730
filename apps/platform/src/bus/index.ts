export { InProcessBus, type Bus } from './bus.ts';
export { RedisBus } from './redis-bus.ts';
