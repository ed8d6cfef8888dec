import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ClaimsSchema, EntitlementSchema, RoleSchema } from './claims.ts';
import { UserSchema } from './user.ts';

// The claims' schemas are zod/mini's; the other contracts build theirs with classic zod around the role and
// entitlement lists, and the API's OpenAPI document is generated from them.
describe('the claims (zod/mini) inside classic zod schemas', () => {
  it('a classic object checks a role against the list', () => {
    const withRole = UserSchema.pick({ username: true, role: true });
    expect(withRole.safeParse({ username: 'admin@acme.example', role: 'READ_ONLY' }).success).toBe(true);
    expect(withRole.safeParse({ username: 'admin@acme.example', role: 'GOD' }).success).toBe(false);
  });

  it('the JSON Schema of a classic object names the roles and entitlements', () => {
    const schema = z.toJSONSchema(z.object({ role: RoleSchema, entitlements: z.array(EntitlementSchema) }));
    expect(schema.properties?.role).toMatchObject({
      enum: ['ADMINISTRATOR', 'USER', 'READ_ONLY', 'SUPPORT'],
    });
    expect(schema.properties?.entitlements).toMatchObject({
      items: { enum: ['diagnostics', 'port-control', 'cellular-billing', 'analytics'] },
    });
  });

  it('the JSON Schema of the claims keeps their types', () => {
    const schema = z.toJSONSchema(ClaimsSchema, { io: 'input' });
    expect(schema.properties?.exp).toMatchObject({ type: 'integer' });
    expect(schema.properties?.userSmsNumber).toMatchObject({ type: ['string', 'null'] });
    expect(schema.required).not.toContain('entitlements');
  });
});
