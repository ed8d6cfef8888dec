/**
 * The device edge as the API holds it (AppContext `edge`, and `app.edge` for main.ts): the ingest every driver
 * hands reports to, and the live device connections once a broker runs in this process.
 */
import type { LiveEvent } from '@vnoc/contracts';
import type { Db } from '../../plugins/db.ts';
import { createDeviceIngest, type DeviceIngestOptions, type EdgeIngest } from './ingest.ts';
import type { DeviceConnections, DeviceEdgeContext } from './types.ts';

export type DeviceEdge = DeviceEdgeContext & { ingest: EdgeIngest };

export function createDeviceEdge(options: {
  db: Db;
  log: DeviceIngestOptions['log'];
  publish: (organizationId: string, event: LiveEvent) => void;
  heartbeatTimeoutMs: number;
}): DeviceEdge {
  let connections: DeviceConnections | undefined;
  return {
    ingest: createDeviceIngest(options),
    disconnect(deviceId) {
      connections?.disconnect(deviceId);
    },
    attachConnections(c) {
      connections = c;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The device edge (buildApp). main.ts attaches the alert engine (`edge.ingest.attachAlerts`) and the
     * broker's connections (`edge.attachConnections`) once they run, and sweeps with `runSweeps(edge.ingest, …)`.
     */
    edge: DeviceEdge;
  }
}
