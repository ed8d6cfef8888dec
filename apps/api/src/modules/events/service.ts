import type { UserWithOrg } from '../../auth/session-user.ts';
import type { AppContext } from '../../context.ts';
import type { LiveEnvelope } from '../../events/bus.ts';
import { scopeOf } from '../../sql/scope.ts';
import { groupSiteIds } from './repository.ts';

/** Whose events a stream may carry (tenant scope is not optional). */
export type Viewer = {
  organizationId: string;
  /** The caller: a chat event goes only to its conversation's person (and to support staff). */
  userId: string;
  /** The provider's support staff: every organization's chat and ticket events, nothing else. */
  support: boolean;
  /** SUPPORT has no customer data of its own: no events (under impersonation the user is the target). */
  none: boolean;
  /** A restricted caller's sites (their site groups'); null = every site of the organization. */
  sites: ReadonlySet<string> | null;
};

/** The caller's view of the event stream, from their role and site groups now. */
export async function viewerOf(ctx: Pick<AppContext, 'db'>, user: UserWithOrg): Promise<Viewer> {
  const organizationId = user.organizationId;
  const support = user.role === 'SUPPORT';
  if (support) return { organizationId, userId: user.id, support, none: true, sites: null };
  const scope = await scopeOf(ctx.db, user);
  const sites = scope.restricted ? new Set(await groupSiteIds(ctx.db, user.id, organizationId)) : null;
  return { organizationId, userId: user.id, support, none: false, sites };
}

/**
 * Whether the event may be written to the viewer's stream: only the viewer's organization's (a `resync`
 * the bus tells everyone has none, and carries no data), and for a restricted viewer only their sites'
 * (an event without a site, such as a regional incident, goes to every member of the organization).
 */
export function canSee(viewer: Viewer, { organizationId, event }: LiveEnvelope): boolean {
  if (event.type === 'resync') return organizationId === null || organizationId === viewer.organizationId;
  // Chat: the conversation's person, in their own organization, and the support staff of any.
  if (event.type === 'chat.updated') {
    return viewer.support || (organizationId === viewer.organizationId && event.userId === viewer.userId);
  }
  // A ticket's thread: support staff answer every organization's tickets; its people by the rules below.
  if (event.type === 'ticket.updated' && viewer.support) return true;
  if (viewer.none || organizationId !== viewer.organizationId) return false;
  if (viewer.sites === null || event.siteId === null) return true;
  return viewer.sites.has(event.siteId);
}
