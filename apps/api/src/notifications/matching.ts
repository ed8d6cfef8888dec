import type { AlertCode, AlertSeverity, NotificationProfile } from '@vnoc/contracts';

/** An alert as the fan-out weighs it: what it is, and the sites it concerns. */
export type AlertTarget = {
  code: AlertCode;
  severity: AlertSeverity;
  /**
   * The sites the alert concerns: its own site, or for a regional incident (no site) the sites of its
   * dependents (else the organization's sites in its region).
   */
  siteIds: readonly string[];
};

/** A person as the fan-out weighs them. */
export type Recipient = {
  profile: NotificationProfile;
  /** The site groups a restricted person is limited to; null for someone who sees every site. */
  scopeGroupIds: readonly string[] | null;
};

/**
 * Whether the person is told about this alert's transition: the severity is one they chose, the code too
 * (none chosen: every code), and one of the alert's sites is both in their scope and in the sites or
 * groups they chose (none chosen: every site they see). `groupsOf` answers a site's groups.
 */
export function matchesProfile(
  alert: AlertTarget,
  transition: 'raised' | 'cleared',
  recipient: Recipient,
  groupsOf: (siteId: string) => readonly string[],
): boolean {
  const { profile, scopeGroupIds } = recipient;
  if (profile.channels.length === 0) return false;
  if (transition === 'cleared' && !profile.notifyCleared) return false;
  if (!profile.severities.includes(alert.severity)) return false;
  if (profile.codes.length > 0 && !profile.codes.includes(alert.code)) return false;
  const anyGroupOf = (siteId: string, groupIds: readonly string[]) =>
    groupsOf(siteId).some((g) => groupIds.includes(g));
  const filtered = profile.siteIds.length > 0 || profile.groupIds.length > 0;
  return alert.siteIds.some(
    (siteId) =>
      (scopeGroupIds === null || anyGroupOf(siteId, scopeGroupIds)) &&
      (!filtered || profile.siteIds.includes(siteId) || anyGroupOf(siteId, profile.groupIds)),
  );
}
