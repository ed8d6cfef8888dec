import { Card, type CardProps, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface DetailCardProps {
  title: ReactNode;
  /** '100%' to fill its grid cell beside a taller card. */
  h?: CardProps['h'];
  children: ReactNode;
  'data-testid'?: string;
}

/** A titled card of a site or device page (details, contacts, location, devices, ports, configuration). */
export function DetailCard({ title, h, children, ...rest }: DetailCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" h={h} data-testid={rest['data-testid']}>
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}
