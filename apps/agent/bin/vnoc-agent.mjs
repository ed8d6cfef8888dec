#!/usr/bin/env node
// vNOC's reference agent from a checkout: loads src/main.ts through tsx in this process (signals reach it
// directly). A device without the repository runs the bundled dist/vnoc-agent.mjs instead (README).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
