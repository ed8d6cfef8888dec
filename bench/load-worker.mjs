// Runs autocannon in a worker thread, so the load generator does not share the server's event loop.
// workerData: { url, token, paths: [{ variant, path, method?, body? }], connections, warmupSeconds, seconds,
// timeout?, rate? } (timeout: seconds before autocannon counts a request as timed out; its default 10 s when
// absent; rate: requests per second across all connections, as fast as answered when absent; method GET and no
// body unless given; warmupSeconds 0: no warm-up).
// Paths are taken round-robin from one shared counter across all connections.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, token, paths, connections, warmupSeconds, seconds, timeout, rate } = workerData;

// As the console's browser asks: the server compresses answers of 1 KB or more (brotli), and pays for it.
const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };

function run(duration, record) {
  let next = 0;
  /** @type {Map<string, number[]>} */
  const byVariant = new Map();
  const statuses = new Map();
  return new Promise((resolve, reject) => {
    const options = {
      url,
      connections,
      duration,
      ...(timeout ? { timeout } : {}),
      ...(rate ? { overallRate: rate } : {}),
      headers,
      requests: [
        {
          setupRequest: (req, context) => {
            const p = paths[next++ % paths.length];
            context.variant = p.variant;
            context.t0 = performance.now();
            return p.body === undefined
              ? { ...req, method: p.method ?? 'GET', path: p.path }
              : {
                  ...req,
                  method: p.method ?? 'POST',
                  path: p.path,
                  headers: { ...headers, 'content-type': 'application/json' },
                  body: JSON.stringify(p.body),
                };
          },
          onResponse: (status, _body, context) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (!record) return;
            const list = byVariant.get(context.variant) ?? [];
            list.push(performance.now() - context.t0);
            byVariant.set(context.variant, list);
          },
        },
      ],
    };
    // Inside a worker thread autocannon hands back the raw histograms: aggregate them here.
    autocannon(options, (err, raw) =>
      err
        ? reject(err)
        : resolve({
            result: raw.latency ? raw : autocannon.aggregateResult([raw], options),
            byVariant,
            statuses,
          }),
    );
  });
}

if (warmupSeconds > 0) await run(warmupSeconds, false);
const { result, byVariant, statuses } = await run(seconds, true);
parentPort.postMessage({
  requests: result.requests.total,
  rps: result.requests.total / seconds,
  p50: result.latency.p50,
  p90: result.latency.p90,
  p99: result.latency.p99,
  max: result.latency.max,
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  statuses: Object.fromEntries(statuses),
  byVariant: Object.fromEntries(byVariant),
});
