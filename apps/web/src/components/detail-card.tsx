import { Card, type CardProps, Group, Loader, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface DetailCardProps {
  title: ReactNode;
  /** '100%' to fill its grid cell beside a taller card. */
  h?: CardProps['h'];
  /** While its data refreshes: a small spinner beside the title, named with this ("Loading…"). */
  busyLabel?: string | false | null;
  children: ReactNode;
  'data-testid'?: string;
}

/** A titled card of a site or device page (details, contacts, location, devices, ports, configuration). */
export function DetailCard({ title, h, busyLabel, children, ...rest }: DetailCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" h={h} data-testid={rest['data-testid']}>
      <Group gap="xs" mb="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {busyLabel && <Loader size="xs" aria-label={busyLabel} />}
      </Group>
      {children}
    </Card>
  );
}
