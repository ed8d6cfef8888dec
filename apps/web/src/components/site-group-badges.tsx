import { Badge, Group, Text } from '@mantine/core';

/** The site groups something is limited to, as badges; none: every site, in dimmed words (`all`). */
export function SiteGroupBadges({
  groups,
  all,
}: {
  groups: readonly { id: string; name: string }[];
  all: string;
}) {
  if (groups.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {all}
      </Text>
    );
  return (
    <Group gap={4}>
      {groups.map((g) => (
        <Badge key={g.id} variant="outline" tt="none" size="sm">
          {g.name}
        </Badge>
      ))}
    </Group>
  );
}
