// SSE clients in a worker thread, so they do not share the server's event loop (bench/events.ts).
// workerData: { url, clients: [{ token, kind }], concurrency }.
// Posts { type: 'connected', connected, failed, ms } once every client is open (or refused); answers
// 'count' with { type: 'count', received } (events so far); when told 'stop', closes every client and
// posts { type: 'done', latencies (Float64Array, ms), perClient: [{ kind, received, foreign }] }.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, clients, concurrency } = workerData;
const latencies = [];
const perClient = clients.map((c) => ({ kind: c.kind, received: 0, foreign: 0 }));
const requests = [];

function open(index) {
  const { token } = clients[index];
  return new Promise((resolve) => {
    const request = http.get(`${url}/api/events`, {
      agent: false,
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    });
    requests.push(request);
    request.on('error', () => resolve(false));
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        resolve(false);
        return;
      }
      response.setEncoding('utf8');
      let buffer = '';
      let opened = false;
      response.on('data', (chunk) => {
        const now = Date.now();
        if (!opened) {
          opened = true;
          resolve(true);
        }
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const dataLine = block.split('\n').find((line) => line.startsWith('data: '));
          if (!dataLine) continue;
          const event = JSON.parse(dataLine.slice(6));
          // The bench marks another organization's events with deviceId 'foreign': they must never arrive.
          if (event.deviceId === 'foreign') perClient[index].foreign += 1;
          else perClient[index].received += 1;
          latencies.push(now - Date.parse(event.at));
        }
      });
      response.on('error', () => undefined);
    });
  });
}

const started = performance.now();
let next = 0;
let connected = 0;
let failed = 0;
await Promise.all(
  Array.from({ length: Math.min(concurrency, clients.length) }, async () => {
    while (next < clients.length) {
      const i = next++;
      if (await open(i)) connected += 1;
      else failed += 1;
    }
  }),
);
parentPort.postMessage({ type: 'connected', connected, failed, ms: performance.now() - started });

parentPort.on('message', (message) => {
  if (message === 'count') {
    parentPort.postMessage({ type: 'count', received: latencies.length });
    return;
  }
  if (message !== 'stop') return;
  for (const request of requests) request.destroy();
  const array = Float64Array.from(latencies);
  parentPort.postMessage({ type: 'done', latencies: array, perClient }, [array.buffer]);
});
