export { demoPlayers } from './demo-data.ts';
export { seedDemoData } from './seed.ts';
