import { Button, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ALERT_NOTE_MAX, type AlertDetail, AlertNoteRequestSchema } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CountedTextarea } from '../../../components/counted-textarea.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { NoteList } from '../../../components/note-list.tsx';
import { useAddAlertNote } from '../api/add-alert-note.ts';

/** The note's error from the contract, in the language of `t`; null when it may be sent. */
export function noteError(text: string, t: TFunction): string | null {
  const result = AlertNoteRequestSchema.safeParse({ text });
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue?.code === 'too_big'
    ? t('notes.tooLong', { ns: 'alerts', max: ALERT_NOTE_MAX })
    : t('notes.required', { ns: 'alerts' });
}

function AddNoteForm({ alertId }: { alertId: string }) {
  const { t } = useTranslation('alerts');
  const add = useAddAlertNote();
  const form = useForm({
    initialValues: { text: '' },
    validate: { text: (text) => noteError(text, t) },
  });
  const onSubmit = form.onSubmit(({ text }) =>
    add.mutate({ id: alertId, text: text.trim() }, { onSuccess: () => form.reset() }),
  );
  return (
    <form noValidate onSubmit={onSubmit} data-testid="alert-note-form">
      <Stack gap="xs">
        <CountedTextarea
          {...form.getInputProps('text')}
          label={t('notes.add')}
          placeholder={t('notes.placeholder')}
          max={ALERT_NOTE_MAX}
          rows={3}
          data-testid="alert-note-text"
        />
        {add.isError && <FormError error={add.error} />}
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={add.isPending} data-testid="alert-note-submit">
            {t('notes.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The alert's notes, oldest first, and (for people who may act) a form to add one. */
export function AlertNotes({ detail, canAct }: { detail: AlertDetail; canAct: boolean }) {
  const { t } = useTranslation('alerts');
  return (
    <Stack gap="sm" component="section" aria-labelledby="alert-notes-title">
      <Title order={3} fz="md" id="alert-notes-title">
        {t('notes.title', { count: detail.notes.length })}
      </Title>
      <NoteList notes={detail.notes} emptyText={t('notes.empty')} data-testid="alert-notes" />
      {canAct && <AddNoteForm alertId={detail.id} />}
    </Stack>
  );
}
