import { describe, expect, it } from 'vitest';
import { actionCallSchema } from './diagnostics.ts';

describe('actionCallSchema', () => {
  const batchId = '7f1c9a52-3c7e-4d2a-9b1e-5a6f0c2d8e41';

  it("takes the action's own inputs and the batch it joins", () => {
    expect(actionCallSchema('speedtest').parse({ vlan: 10, batchId })).toEqual({ vlan: 10, batchId });
    expect(actionCallSchema('reboot').parse({})).toEqual({});
  });

  it("refuses what the action's request refuses", () => {
    expect(actionCallSchema('speedtest').safeParse({ batchId }).success).toBe(false);
  });

  it('refuses a batch id that is not a UUID', () => {
    const parsed = actionCallSchema('lanpingtest').safeParse({ batchId: 'not-a-uuid' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('The batch id must be a UUID.');
  });
});
