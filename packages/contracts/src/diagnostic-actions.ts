import { z } from 'zod';

/**
 * The troubleshooting calls, as named in the paths `device/troubleshooting/{action}/{id}`: their requests,
 * results and jobs are in diagnostics.ts; a device's answer names those it carries out (fleet.ts `Device`,
 * device-kinds.ts `deviceCapabilities`). Their own file, so both may import them.
 */
export const DIAGNOSTIC_ACTIONS = [
  'reboot',
  'wantest',
  'lanpingtest',
  'systemTest',
  'speedtest',
  'traceroute',
  'disableLanPorts',
  'revertLanPorts',
] as const;
export const DiagnosticActionSchema = z.enum(DIAGNOSTIC_ACTIONS, { error: 'Unknown action.' });
export type DiagnosticAction = z.infer<typeof DiagnosticActionSchema>;
