import { Group, Paper, Text } from '@mantine/core';
import type { AlertNote } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { actorName } from '../lib/actor-name.ts';
import { formatDate } from '../lib/format.ts';
import { PlainList } from './plain-list.tsx';

/** Notes people wrote (an alert's, or those a ticket carries from its alert), oldest first: who, when, what. */
export function NoteList({ notes, 'data-testid': testId }: { notes: AlertNote[]; 'data-testid': string }) {
  useTranslation(); // re-renders on a change of language: the names are worded in it
  return (
    <PlainList data-testid={testId}>
      {notes.map((note) => (
        <Paper component="li" key={note.id} withBorder radius="sm" p="sm">
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="xs" fw={700}>
              {actorName(note.author)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(note.createdAt)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.text}
          </Text>
        </Paper>
      ))}
    </PlainList>
  );
}
