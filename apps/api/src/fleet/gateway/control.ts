import type { Gateway } from './gateway.ts';

/**
 * The running simulator as the API sees it (the embedded demo's "take a device offline" control): the
 * gateway starts after the app is built, so it is attached once it runs.
 */
export type SimulatorControl = {
  attach: (gateway: Pick<Gateway, 'outage'>) => void;
  /** Takes the device offline for `minutes` of simulated time; false when no simulator runs or it is already down. */
  outage: (deviceId: string, minutes: number) => Promise<boolean | 'no-simulator'>;
};

export function createSimulatorControl(speed: number, now: () => number = Date.now): SimulatorControl {
  let gateway: Pick<Gateway, 'outage'> | undefined;
  return {
    attach(g) {
      gateway = g;
    },
    async outage(deviceId, minutes) {
      if (!gateway) return 'no-simulator';
      return (await gateway.outage(deviceId, (minutes * 60_000) / speed, now)) !== null;
    },
  };
}
