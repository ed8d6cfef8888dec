import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const REPO = join(import.meta.dirname, '..', '..', '..');
const ID = '6f1c2a3b-0000-4000-8000-000000000001';
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vnoc-agent-config-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

describe('loadConfig', () => {
  it('reads the file, then the environment, then the flags', () => {
    const path = file('a.json', {
      url: 'mqtt://a:1883',
      deviceId: ID,
      secret: 'from-file',
      intervalSeconds: 30,
    });
    const c = loadConfig(['--config', path, '--interval', '15'], {
      VNOC_AGENT_URL: 'mqtts://b:8883',
      VNOC_AGENT_INTERVAL: '20',
    });
    expect(c).toMatchObject({
      url: 'mqtts://b:8883',
      deviceId: ID,
      secret: 'from-file',
      intervalSeconds: 15,
    });
    expect(c).toMatchObject({
      bufferHours: 24,
      allowReboot: false,
      ports: {},
      ipCommand: ['ip'],
      stateDir: '/var/lib/vnoc-agent',
    });
    expect(c.speedtestUrl).toBeUndefined();
  });

  it.each([
    [undefined, 4],
    [4, 4],
    [5, 5],
  ] as const)('speaks MQTT version %s as %s (3.1.1 unless the broker speaks 5)', (mqttVersion, expected) => {
    const path = file(`v${mqttVersion}.json`, {
      url: 'mqtt://a:1883',
      deviceId: ID,
      secret: 's',
      mqttVersion,
    });
    expect(loadConfig(['--config', path]).mqttVersion).toBe(expected);
  });

  it('refuses an MQTT version it does not speak', () => {
    const path = file('v3.json', { url: 'mqtt://a:1883', deviceId: ID, secret: 's', mqttVersion: 3 });
    expect(() => loadConfig(['--config', path])).toThrow(/mqttVersion is 4 \(MQTT 3\.1\.1\) or 5/);
  });

  it('reads the secret from its file and derives the speed-test address from apiUrl', () => {
    const secretFile = file('secret', 'abc123\n');
    const c = loadConfig([
      '--url=mqtt://a:1883',
      '--device-id',
      ID,
      '--secret-file',
      secretFile,
      '--api-url',
      'https://vnoc.example.net/',
    ]);
    expect(c.secret).toBe('abc123');
    expect(c.speedtestUrl).toBe('https://vnoc.example.net/api/edge/speedtest');
  });

  it.each<[string, string[], Record<string, string>, RegExp]>([
    ['no url', ['--device-id', ID], { VNOC_AGENT_SECRET: 's' }, /url is required/],
    [
      'an http url',
      ['--url', 'http://a', '--device-id', ID],
      { VNOC_AGENT_SECRET: 's' },
      /url must be mqtt:\/\//,
    ],
    [
      'credentials in the url',
      ['--url', 'mqtt://u:p@a', '--device-id', ID],
      { VNOC_AGENT_SECRET: 's' },
      /without credentials/,
    ],
    [
      'a device id that is not one',
      ['--url', 'mqtt://a', '--device-id', '12'],
      { VNOC_AGENT_SECRET: 's' },
      /deviceId must be the device id/,
    ],
    ['no secret', ['--url', 'mqtt://a', '--device-id', ID], {}, /secret or secretFile is required/],
    [
      'a missing secret file',
      ['--url', 'mqtt://a', '--device-id', ID, '--secret-file', '/nonexistent/s'],
      {},
      /cannot be read \(ENOENT\)/,
    ],
    ['an unknown flag', ['--secret', 'x'], {}, /Unknown option --secret/],
    [
      'a CA file that is not there',
      ['--url', 'mqtts://a', '--device-id', ID, '--ca', '/nonexistent/ca.pem'],
      { VNOC_AGENT_SECRET: 's' },
      /ca \/nonexistent\/ca.pem cannot be read \(ENOENT\)/,
    ],
    ['a non-number interval', ['--interval', 'often'], {}, /--interval must be a number/],
  ])('refuses %s', (_case, argv, env, message) => {
    expect(() => loadConfig(argv, env)).toThrow(ConfigError);
    expect(() => loadConfig(argv, env)).toThrow(message);
  });

  it('refuses ports that are not port numbers or interfaces, and an interface twice', () => {
    const bad = file('p.json', {
      url: 'mqtt://a',
      deviceId: ID,
      secret: 's',
      ports: { '17': 'eth1', '1': '-f' },
    });
    let message = '';
    try {
      loadConfig(['--config', bad]);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/ports are keyed by their system number, 1 to 16/);
    expect(message).toMatch(/An interface name is 1 to 15 letters/);
    const twice = file('t.json', {
      url: 'mqtt://a',
      deviceId: ID,
      secret: 's',
      ports: { '2': 'eth2', '3': 'eth2' },
    });
    expect(() => loadConfig(['--config', twice])).toThrow('ports: Each interface may be one port only.');
  });

  it('exits 2 with the reason when started with a bad configuration', () => {
    const bad = file('bad.json', '{ "url": ');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/agent/src/main.ts', '--config', bad], {
      cwd: REPO,
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`The configuration file ${bad} is not JSON`);
  });
});
