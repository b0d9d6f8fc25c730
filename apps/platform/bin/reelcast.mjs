#!/usr/bin/env node
// The reelcast CLI. The platform is TypeScript run through tsx: no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
