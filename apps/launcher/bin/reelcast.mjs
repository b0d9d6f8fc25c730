#!/usr/bin/env node
// The reelcast CLI. The programs are TypeScript run through tsx: no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
