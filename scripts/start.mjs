// `npm start`: build the web app if needed, then run the server (embedded PostgreSQL and demo fleet by default).
import { spawn } from 'node:child_process';
import { ensureWebBuilt, root } from './lib.mjs';

const buildCode = await ensureWebBuilt();
if (buildCode !== 0) process.exit(buildCode);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
// The server stops the embedded PostgreSQL itself on SIGINT/SIGTERM; pass the signal on and wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
