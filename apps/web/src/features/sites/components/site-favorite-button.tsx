import { ActionIcon } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHoverTooltip } from '../../../components/hover-tooltip.tsx';
import { useToggleFavorite } from '../api/toggle-favorite.ts';

/**
 * The star that marks a site as a favourite (a toggle button: aria-pressed), its tooltip loaded when first
 * hovered or focused.
 */
export function SiteFavoriteButton({ siteId, favorite }: { siteId: string; favorite: boolean }) {
  const { t } = useTranslation('siteDetail');
  const toggle = useToggleFavorite(siteId);
  const { handlers, tooltip } = useHoverTooltip(favorite ? t('favorite.remove') : t('favorite.add'));
  return (
    <>
      <ActionIcon
        variant={favorite ? 'light' : 'default'}
        color={favorite ? 'yellow' : undefined}
        size="lg"
        aria-label={t('favorite.label')}
        aria-pressed={favorite}
        loading={toggle.isPending}
        onClick={() => toggle.mutate(!favorite)}
        data-testid="site-favorite"
        {...handlers}
      >
        {favorite ? <IconStarFilled size={20} aria-hidden /> : <IconStar size={20} aria-hidden />}
      </ActionIcon>
      {tooltip}
    </>
  );
}
