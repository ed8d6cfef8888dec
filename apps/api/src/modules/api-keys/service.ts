import { randomBytes } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  type ApiKey,
  type CreateApiKeyRequest,
  CreateApiKeyRequestSchema,
  type CreatedApiKey,
  type DisplayInfo,
} from '@vnoc/contracts';
import type { z } from 'zod';
import { actorOf, audit } from '../../auth/audit.ts';
import { hashSecret, newSecret } from '../../auth/secrets.ts';
import type { AppContext, RequestMeta } from '../../context.ts';
import { Errors } from '../../errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { isUniqueViolation } from '../../sql/errors.ts';
import { isUuid } from '../../sql/text.ts';
import { presentKey } from './present.ts';
import * as repo from './repository.ts';

// Issue 38: an organization's API keys, made and revoked by its administrators. A key is shown once; only the
// SHA-256 of its secret is stored, beside its visible prefix. The auth plugin opens keys (auth/api-keys.ts).

export async function listKeys(ctx: AppContext, auth: AuthContext): Promise<ApiKey[]> {
  return (await repo.listKeys(ctx.db, auth.user.organizationId)).map(presentKey);
}

const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** 8 characters of [a-z0-9]: the key's visible id (36^8, ~2.8e12; a collision is retried). */
const newPrefix = (): string =>
  Array.from(randomBytes(8), (b) => PREFIX_ALPHABET[b % PREFIX_ALPHABET.length]).join('');

/** Checks the request against the organization (groups, dashboards, expiry): 400 with nothing written. */
async function checkRequest(
  ctx: AppContext,
  organizationId: string,
  body: z.output<typeof CreateApiKeyRequestSchema>,
  now: Date,
): Promise<void> {
  if (body.expiresAt !== null && Date.parse(body.expiresAt) <= now.getTime())
    throw Errors.invalidInput(API_KEY_MESSAGES.expiryPast, 'expiresAt');
  const groups = [...new Set(body.siteGroupIds.map((g) => g.toLowerCase()))];
  if (body.role === 'ADMINISTRATOR' && groups.length > 0)
    throw Errors.invalidInput(API_KEY_MESSAGES.adminGroups, 'siteGroupIds');
  if ((await repo.countOwnGroups(ctx.db, organizationId, groups)) !== groups.length)
    throw Errors.invalidInput(API_KEY_MESSAGES.foreignGroups, 'siteGroupIds');
  const dashboards = [...new Set(body.dashboardIds)];
  if (body.role !== 'DISPLAY' && dashboards.length > 0)
    throw Errors.invalidInput(API_KEY_MESSAGES.dashboardsOnlyDisplay, 'dashboardIds');
  if (body.role === 'DISPLAY' && dashboards.length === 0)
    throw Errors.invalidInput(API_KEY_MESSAGES.displayDashboards, 'dashboardIds');
  if ((await repo.countSharedDashboards(ctx.db, organizationId, dashboards)) !== dashboards.length)
    throw Errors.invalidInput(API_KEY_MESSAGES.foreignDashboards, 'dashboardIds');
}

/** Makes a key and answers it with its secret: the only time the secret exists outside its holder. */
export async function createKey(
  ctx: AppContext,
  auth: AuthContext,
  input: CreateApiKeyRequest,
  meta: RequestMeta,
  now = new Date(),
): Promise<CreatedApiKey> {
  const body = CreateApiKeyRequestSchema.parse(input);
  const organizationId = auth.user.organizationId;
  await checkRequest(ctx, organizationId, body, now);
  const secret = newSecret();
  const siteGroupIds = [...new Set(body.siteGroupIds.map((g) => g.toLowerCase()))];
  const dashboardIds = [...new Set(body.dashboardIds)];
  for (let attempt = 0; ; attempt++) {
    const prefix = newPrefix();
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const id = await repo.insertKey(tx, {
          organizationId,
          name: body.name,
          prefix,
          secretHash: hashSecret(secret),
          role: body.role,
          dashboardIds,
          cycleSeconds: body.cycleSeconds,
          expiresAt: body.expiresAt,
          createdBy: auth.user.id,
          siteGroupIds,
        });
        await audit(tx, {
          action: 'apiKey.create',
          ...actorOf(auth, meta),
          target: id,
          targetName: body.name,
          detail: { name: body.name, role: body.role, siteGroupIds, dashboardIds, expiresAt: body.expiresAt },
        });
        return repo.keyById(tx, organizationId, id);
      });
      if (!row) throw Errors.notFound();
      return { apiKey: presentKey(row), key: `${API_KEY_PREFIX}${prefix}_${secret}` };
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}

/** Revokes the key at once (the auth plugin's cache is emptied by this write); 404 when none is in use. */
export async function revokeKey(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  meta: RequestMeta,
): Promise<ApiKey> {
  const organizationId = auth.user.organizationId;
  if (!isUuid(id)) throw Errors.notFound();
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await repo.revokeKey(tx, organizationId, id))) throw Errors.notFound();
    const key = await repo.keyById(tx, organizationId, id);
    await audit(tx, {
      action: 'apiKey.revoke',
      ...actorOf(auth, meta),
      target: id,
      targetName: key?.name,
      detail: { name: key?.name },
    });
    return key;
  });
  if (!row) throw Errors.notFound();
  return presentKey(row);
}

/** What a wall display shows (issue 37): its own name, dashboards and cycle; 404 to anyone else. */
export function displayInfo(auth: AuthContext): DisplayInfo {
  const key = auth.apiKey;
  if (key?.role !== 'DISPLAY') throw Errors.notFound();
  return { name: key.name, dashboardIds: key.dashboardIds, cycleSeconds: key.cycleSeconds };
}
