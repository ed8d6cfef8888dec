import { Group, Paper, Text } from '@mantine/core';
import type { AlertNote } from '@vnoc/contracts';
import { useTranslation } from 'react-i18next';
import { actorName } from '../lib/actor-name.ts';
import { formatDate } from '../lib/format.ts';
import { PlainList } from './plain-list.tsx';

interface NoteListProps {
  notes: AlertNote[];
  /** What stands instead of the list when there is no note. */
  emptyText: string;
  'data-testid': string;
}

/**
 * Notes people wrote (an alert's, or those a ticket carries from its alert), oldest first: who, when, what; or,
 * without any, the words that say so.
 */
export function NoteList({ notes, emptyText, 'data-testid': testId }: NoteListProps) {
  useTranslation(); // re-renders on a change of language: the names are worded in it
  if (notes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
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
