#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so there is no build step
// between a checkout and a working `npx tessera`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
