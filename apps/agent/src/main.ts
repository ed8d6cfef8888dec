import { startAgent, stderrLog } from './agent.ts';
import { ConfigError, loadConfig } from './config.ts';

/**
 * `vnoc-agent --config /etc/vnoc-agent.json [overrides]`: reports this host to vNOC and runs its commands
 * (apps/agent/README.md). A configuration that does not hold exits 2 with the reason.
 */
function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`vnoc-agent: the configuration is not valid:\n${err.message}\n`);
    process.exit(2);
  }
  stderrLog('info', 'starting', {
    deviceId: config.deviceId,
    url: config.url,
    intervalSeconds: config.intervalSeconds,
    ports: config.ports,
    allowReboot: config.allowReboot,
  });
  const agent = startAgent({ config });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    stderrLog('info', 'stopping', { signal });
    agent.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main();
