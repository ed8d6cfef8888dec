import {
  ACTION_SCHEMAS,
  type ActionRequestMap,
  type DiagnosticAction,
  DiagnosticActionSchema,
} from '@vnoc/contracts';
import { Errors } from '../../../errors.ts';
import { ACTION_MESSAGES, type ActionDevice, isWanPort } from './device.ts';

/**
 * Checks an action's inputs against its request schema and the device (its VLANs, its port map)
 * and answers them typed. Throws a 400 `invalid_input` AppError with a readable message: 'Unknown
 * VLAN.', 'Port N is not on this device.', 'WAN ports cannot be disabled.', or the schema's message.
 * Pure: call it before creating a job, so bad input creates none.
 */
export function validateActionParams<A extends DiagnosticAction>(
  device: ActionDevice,
  action: A,
  params: unknown,
): ActionRequestMap[A] {
  const known = DiagnosticActionSchema.safeParse(action);
  if (!known.success) throw Errors.invalidInput('Unknown action.', 'action');
  const parsed = ACTION_SCHEMAS[action].request.safeParse(params ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw Errors.invalidInput(issue?.message ?? 'Invalid input.', issue?.path.join('.') ?? '');
  }
  const data = parsed.data as ActionRequestMap[A];
  if ('vlan' in data && !device.vlans.some((v) => v.id === data.vlan))
    throw Errors.invalidInput(ACTION_MESSAGES.unknownVlan, 'vlan');
  if ('ports' in data) {
    for (const n of data.ports) {
      const port = device.portMapping.find((p) => p.systemNumber === n);
      if (!port) throw Errors.invalidInput(ACTION_MESSAGES.portNotOnDevice(n), 'ports');
      if (isWanPort(port)) throw Errors.invalidInput(ACTION_MESSAGES.wanPort, 'ports');
    }
  }
  return data;
}
