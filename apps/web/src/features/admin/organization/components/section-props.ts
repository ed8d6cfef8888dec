import type { Organization, UpdateOrganizationInput } from '@vnoc/contracts';

/** What every section of Administration → Organization gets. */
export interface SectionProps {
  organization: Organization;
  save: (body: UpdateOrganizationInput) => void;
  saving: boolean;
}
