import { IconPencil } from '@tabler/icons-react';
import type { Site } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { ModalButton } from '../../../components/modal-button.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { preloadable } from '../../../lib/preloadable.tsx';
import { canEditSite } from './site-edit-form.ts';

// The form (@mantine/form, the address and contact schemas, zod) loads with its modal, not with the overview.
const form = preloadable(() => import('./site-edit-modal.tsx').then((m) => m.SiteEditForm));

/** "Edit site" on the overview (ADMINISTRATOR only): name, alias, contacts and a verified address. */
export function SiteEditButton({ site }: { site: Site }) {
  const { t } = useTranslation('siteDetail');
  const { user } = useAuth();
  if (!canEditSite(user?.role)) return null;
  return (
    <ModalButton
      label={t('edit.open')}
      icon={IconPencil}
      variant="default"
      data-testid="site-edit"
      preload={form.preload}
      title={t('edit.title', { name: site.name })}
      size="xl"
    >
      {/* Mounted per opening, so the form starts from the site as it is now (not on each refetch). */}
      {(close) => <form.Component site={site} onClose={close} />}
    </ModalButton>
  );
}
