import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type BannerType, clearBanner, useBanner } from '../lib/banner.ts';

const look: Record<BannerType, { color: string; Icon: typeof IconInfoCircle }> = {
  success: { color: 'green', Icon: IconCircleCheck },
  info: { color: 'blue', Icon: IconInfoCircle },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  danger: { color: 'red', Icon: IconCircleX },
};

/** The global alert banner (spec part 2): icon by type, close button; cleared on route change by the router. */
export function GlobalBanner() {
  const { t } = useTranslation();
  const banner = useBanner();
  if (!banner) return null;
  const { color, Icon } = look[banner.type];
  return (
    <Alert
      key={banner.id}
      color={color}
      variant="light"
      icon={<Icon size={20} aria-label={t(`banner.${banner.type}`)} />}
      withCloseButton
      closeButtonLabel={t('banner.close')}
      onClose={clearBanner}
      role={banner.type === 'danger' || banner.type === 'warning' ? 'alert' : 'status'}
      data-testid="global-banner"
      data-type={banner.type}
      mb="md"
      styles={{ message: { whiteSpace: 'pre-wrap' } }}
    >
      {banner.message}
    </Alert>
  );
}
