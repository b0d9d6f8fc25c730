export { demoPlayers, demoStaff } from './demo-data.ts';
export { seedDemoData } from './seed.ts';
