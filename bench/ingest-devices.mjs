// The devices of bench/ingest.ts, in a process of their own (so the gateway's process is measured alone):
// MQTT 3.1.1 connections with each device's own credentials (client id = username = its id, its secret as
// password), QoS 1 reports on its own `report` topic, and one console: GET /api/events over HTTP with a user
// token, on which the status changes of the probe devices are timed.
//
// IPC (child_process.fork), parent → this process:
//   { cmd: 'connect', url, devices: [{ id, secret }], probes: [{ id, secret }], eventsUrl, token }
//       → { type: 'connected', connected, failed, ms }
//   { cmd: 'cadence', rate, ms }   open loop: `rate` reports/s spread over the devices, for `ms`; meanwhile one
//       probe at a time goes 'gone' (→ offline) then reports (→ online), the report → event time recorded
//       → { type: 'phase', published, acked, ackedInWindow, windowMs, backlog, ackMs: [...], statusMs: [...], probeTimeouts }
//   { cmd: 'saturate', ms }        closed loop: every device sends its next report as soon as the last is acked
//       → the same 'phase' message (no probes)
//   { cmd: 'saturate', ms, paced: true }   for a broker that acknowledges on receipt (Mosquitto): the same closed
//       loop on what the gateway stored instead of the broker's PUBACKs — at most one report per device published
//       and not yet stored (round robin), the gateway's count relayed by the parent as { cmd: 'stored', stored }
//   { cmd: 'close' }               ends every connection → { type: 'closed' }
import http from 'node:http';
import mqtt from 'mqtt';

const TOPIC = (id, kind) => `vnoc/v1/devices/${id}/${kind}`;
/** Connections opened at once while connecting. */
const CONNECT_CONCURRENCY = 100;
/** A probe's status change not seen on the console in this long is counted as a timeout. */
const PROBE_TIMEOUT_MS = 10_000;

let devices = [];
let probes = [];
/** deviceId → the console's waiter for its next device.status event. */
const statusWaiters = new Map();
let sse;
/** Reports the gateway stored so far (paced saturation), as the parent last relayed it. */
let gatewayStored = 0;

const send = (m) => process.send?.(m);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A NetJSON DeviceMonitoring report as vNOC's agent sends it (3 interfaces, WAN figures), as JSON text. Written
 * as a template, not an object given to JSON.stringify: the devices' process is the bench's own load and shares
 * the gateway's cores, so each report should cost it little (the same text either way; ASCII only).
 */
function reportOf(device, sampledAt) {
  device.n += 1;
  const n = device.n;
  const itf = (name, up, rx, tx, rxErrors) =>
    `{"name":"${name}","type":"ethernet","up":${up},"statistics":{"rx_bytes":${rx},"tx_bytes":${tx},"rx_errors":${rxErrors},"tx_errors":0}}`;
  return (
    `{"type":"DeviceMonitoring","general":{"hostname":"${device.hostname}","local_time":${Math.floor(sampledAt / 1000)},"uptime":${86_400 + n * 60}},` +
    `"resources":{"load":[${0.2 + (n % 10) / 20},0.25,0.2],"cpus":2,"memory":{"total":1000000000,"free":300000000,"available":500000000},` +
    `"disk":[{"mount_point":"/","size_bytes":8000000000,"used_bytes":2000000000}]},` +
    `"interfaces":[${itf('eth0', true, n * 1_000_000, n * 400_000, 0)},${itf('eth1', true, n * 200_000, n * 100_000, 1)},${itf('lan1', n % 50 !== 0, n * 50_000, n * 70_000, 0)}],` +
    `"vnoc":{"protocol":1,"sampledAt":${sampledAt},"connection":"primary",` +
    `"wan":{"interface":"eth0","ipAddress":"192.0.2.10","latencyMs":${18 + (n % 7)},"jitterMs":2.5,"lossPercent":0}}}`
  );
}

/**
 * An MQTT 3.1.1 PUBLISH packet, QoS 1, of `payload` (ASCII text) on the device's report topic (`topic`: its
 * length-prefixed bytes, encoded once per device), with message id `id`: written on the socket in one piece,
 * without mqtt.js's publish path (its packet object, store and encoder per message).
 */
function publishPacket(topic, id, payload) {
  const remaining = topic.length + 2 + payload.length;
  let lengthBytes = 1;
  for (let r = remaining; r > 127; r >>= 7) lengthBytes += 1;
  const packet = Buffer.allocUnsafe(1 + lengthBytes + remaining);
  packet[0] = 0x32; // PUBLISH, QoS 1
  let at = 1;
  for (let r = remaining; ; ) {
    const byte = r % 128;
    r = Math.floor(r / 128);
    packet[at++] = r > 0 ? byte | 0x80 : byte;
    if (r === 0) break;
  }
  at += topic.copy(packet, at);
  packet.writeUInt16BE(id, at);
  packet.write(payload, at + 2, 'latin1');
  return packet;
}

/** Each report's time is its own (a device never sends two reports with the same time). */
function nextTime(device) {
  const at = Math.max(Date.now(), device.lastAt + 1);
  device.lastAt = at;
  return at;
}

function connect(url, d) {
  return new Promise((resolve) => {
    const client = mqtt.connect(url, {
      clientId: d.id,
      username: d.id,
      password: d.secret,
      protocolVersion: 4,
      // Clean sessions: the bench leaves no sessions behind on the machine's Mosquitto (devices here
      // subscribe to nothing, so a persistent session would keep nothing the run needs).
      clean: true,
      // No keep-alive: the bench's own connections on loopback, and no PINGRESP for readPubacks to pass on.
      keepalive: 0,
      reconnectPeriod: 1_000,
      connectTimeout: 30_000,
    });
    const topic = Buffer.from(TOPIC(d.id, 'report'));
    const device = {
      id: d.id,
      client,
      n: 0,
      lastAt: 0,
      inFlight: 0,
      hostname: `bench-${d.id.slice(0, 8)}`,
      /** The report topic, length-prefixed as a PUBLISH packet holds it. */
      topic: Buffer.concat([Buffer.from([topic.length >> 8, topic.length & 0xff]), topic]),
      /** Message id → the report's acknowledgement (publishReport): ids of its own, mqtt.js's pass it by. */
      acks: new Map(),
      nextId: 0,
    };
    const onPuback = (messageId) => {
      const ack = device.acks.get(messageId);
      if (!ack) return;
      device.acks.delete(messageId);
      ack();
    };
    // A probe's acknowledgements come through mqtt.js (it publishes its states there too).
    client.on('packetreceive', (packet) => {
      if (packet.cmd === 'puback') onPuback(packet.messageId);
    });
    let settled = false;
    client.on('connect', () => {
      // Any other device's socket is read here, not by mqtt.js: the broker sends it only PUBACKs (it
      // subscribes to nothing, no keep-alive pings), so their 4 bytes need no parser, stream and handler each.
      if (!d.probe) readPubacks(client.stream, onPuback);
      if (settled) return;
      settled = true;
      resolve(device);
    });
    client.on('error', () => {
      if (settled) return;
      settled = true;
      client.end(true);
      resolve(undefined);
    });
  });
}

/**
 * Takes a connected device's socket from mqtt.js and calls `onPuback(messageId)` for each PUBACK on it (MQTT
 * frames: a type byte, the remaining length, the body; anything else is skipped).
 */
function readPubacks(stream, onPuback) {
  stream.unpipe();
  let rest;
  stream.on('data', (chunk) => {
    const buf = rest ? Buffer.concat([rest, chunk]) : chunk;
    let at = 0;
    for (;;) {
      let length = 0;
      let factor = 1;
      let i = at + 1;
      let complete = false;
      while (i < buf.length) {
        const byte = buf[i++];
        length += (byte & 0x7f) * factor;
        factor *= 128;
        if ((byte & 0x80) === 0) {
          complete = true;
          break;
        }
      }
      if (!complete || buf.length < i + length) break;
      if (buf[at] >> 4 === 4 && length >= 2) onPuback(buf.readUInt16BE(i));
      at = i + length;
    }
    rest = at < buf.length ? buf.subarray(at) : undefined;
  });
  stream.resume();
}

function openConsole(eventsUrl, token) {
  return new Promise((resolve, reject) => {
    const request = http.get(eventsUrl, {
      agent: false,
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      if (response.statusCode !== 200)
        return reject(new Error(`GET /api/events answered ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk) => {
        const now = performance.now();
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const line = block.split('\n').find((l) => l.startsWith('data: '));
          if (!line) continue;
          const event = JSON.parse(line.slice(6));
          if (event.type !== 'device.status') continue;
          const waiter = statusWaiters.get(event.deviceId);
          if (waiter && waiter.to === event.to) {
            statusWaiters.delete(event.deviceId);
            waiter.resolve(now);
          }
        }
      });
      resolve(request);
    });
  });
}

/** Resolves with the time the console saw the device move to `to`, or undefined after the timeout. */
function waitStatus(deviceId, to) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      statusWaiters.delete(deviceId);
      resolve(undefined);
    }, PROBE_TIMEOUT_MS);
    statusWaiters.set(deviceId, {
      to,
      resolve: (at) => {
        clearTimeout(timer);
        resolve(at);
      },
    });
  });
}

/** Publishes one report; `onAck(ms)` once the broker acknowledged it (stored). */
function publishReport(device, onAck) {
  const started = performance.now();
  const payload = reportOf(device, nextTime(device));
  device.inFlight += 1;
  const acked = () => {
    device.inFlight -= 1;
    onAck(performance.now() - started);
  };
  if (!device.client.connected) {
    // Reconnecting: mqtt.js queues it until the connection is back.
    device.client.publish(TOPIC(device.id, 'report'), payload, { qos: 1 }, (err) => {
      if (err) device.inFlight -= 1;
      else acked();
    });
    return;
  }
  // Ids of the device's own (1…65535); mqtt.js's publishes (a probe's states) pass its pubacks by.
  device.nextId = (device.nextId % 65_535) + 1;
  device.acks.set(device.nextId, acked);
  device.client.stream.write(publishPacket(device.topic, device.nextId, payload));
}

async function runPhase({ mode, rate, ms, paced }) {
  const counters = { published: 0, acked: 0, ackedInWindow: 0, ackMs: [] };
  const windowStart = performance.now() + Math.min(5_000, ms / 6);
  let windowEnd = Number.POSITIVE_INFINITY;
  const onAck = (took) => {
    counters.acked += 1;
    const now = performance.now();
    if (now >= windowStart && now < windowEnd) {
      counters.ackedInWindow += 1;
      if (counters.ackMs.length < 200_000) counters.ackMs.push(took);
    }
  };
  const started = performance.now();
  const until = started + ms;
  let stopping = false;
  const statusMs = [];
  let probeTimeouts = 0;

  const probing = (async () => {
    if (mode !== 'cadence' || probes.length === 0) return;
    let i = 0;
    await sleep(2_000);
    while (!stopping) {
      const p = probes[i++ % probes.length];
      // 'gone' → offline, then a report → online: the report's way to the console is timed.
      const offline = waitStatus(p.id, 'offline');
      p.client.publish(TOPIC(p.id, 'state'), JSON.stringify({ status: 'gone', at: Date.now() }), { qos: 1 });
      if ((await offline) === undefined) {
        probeTimeouts += 1;
        continue;
      }
      const online = waitStatus(p.id, 'online');
      const t0 = performance.now();
      publishReport(p, () => undefined);
      const seen = await online;
      if (seen === undefined) probeTimeouts += 1;
      else statusMs.push(seen - t0);
      await sleep(500);
    }
  })();

  if (mode === 'cadence') {
    // Every 100 ms, rate/10 reports, round robin over the devices (each device every devices/rate seconds).
    let next = 0;
    let owed = 0;
    const tickMs = 100;
    for (let t = started; t < until; t += tickMs) {
      owed += (rate * tickMs) / 1000;
      while (owed >= 1) {
        owed -= 1;
        const d = devices[next++ % devices.length];
        counters.published += 1;
        publishReport(d, onAck);
      }
      const wait = t + tickMs - performance.now();
      if (wait > 0) await sleep(wait);
    }
  } else if (paced) {
    // Closed loop on the store: as many reports published and not yet stored as there are devices, each device's
    // next only after all the others' (round robin), so each has at most about one waiting in the broker.
    const storedAtStart = gatewayStored;
    let next = 0;
    while (performance.now() < until) {
      const owed = gatewayStored - storedAtStart + devices.length - counters.published;
      for (let i = 0; i < owed; i++) {
        counters.published += 1;
        publishReport(devices[next++ % devices.length], onAck);
      }
      await sleep(20);
    }
  } else {
    // Closed loop: every device one report in flight, the next as soon as it is acknowledged.
    const loop = (d) => {
      if (performance.now() >= until) return;
      counters.published += 1;
      publishReport(d, (took) => {
        onAck(took);
        loop(d);
      });
    };
    for (const d of devices) loop(d);
    await sleep(ms);
  }
  windowEnd = performance.now();
  stopping = true;
  await probing;
  const backlog = devices.reduce((n, d) => n + d.inFlight, 0);
  // Let what is in flight land before the next phase (bounded).
  for (let waited = 0; waited < 30_000 && devices.some((d) => d.inFlight > 0); waited += 200)
    await sleep(200);
  return {
    type: 'phase',
    published: counters.published,
    acked: counters.acked,
    ackedInWindow: counters.ackedInWindow,
    windowMs: windowEnd - windowStart,
    backlog,
    ackMs: counters.ackMs,
    statusMs,
    probeTimeouts,
  };
}

process.on('message', async (m) => {
  // The parent's stop: exit (a CPU profile, BENCH_DEVICES_PROF, is written as it exits).
  if (m === 'close') process.exit(0);
  try {
    if (m.cmd === 'connect') {
      const started = performance.now();
      let failed = 0;
      const all = [...m.probes.map((d) => ({ ...d, probe: true })), ...m.devices];
      let next = 0;
      const opened = [];
      await Promise.all(
        Array.from({ length: CONNECT_CONCURRENCY }, async () => {
          while (next < all.length) {
            const d = all[next++];
            const device = await connect(m.url, d);
            if (!device) failed += 1;
            else opened.push({ device, probe: d.probe === true });
          }
        }),
      );
      probes = opened.filter((o) => o.probe).map((o) => o.device);
      devices = opened.filter((o) => !o.probe).map((o) => o.device);
      sse = await openConsole(m.eventsUrl, m.token);
      send({ type: 'connected', connected: opened.length, failed, ms: performance.now() - started });
    } else if (m.cmd === 'cadence' || m.cmd === 'saturate') {
      send(await runPhase({ mode: m.cmd, rate: m.rate, ms: m.ms, paced: m.paced === true }));
    } else if (m.cmd === 'stored') {
      gatewayStored = m.stored;
    } else if (m.cmd === 'close') {
      sse?.destroy();
      await Promise.all([...devices, ...probes].map((d) => d.client.endAsync(true).catch(() => undefined)));
      send({ type: 'closed' });
    }
  } catch (error) {
    send({ type: 'error', message: String(error?.stack ?? error) });
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
