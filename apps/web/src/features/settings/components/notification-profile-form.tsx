import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import {
  ALERT_SEVERITIES,
  type AlertSeverity,
  type Channel,
  ChannelSchema,
  type NotificationProfile,
  type NotificationProfileResponse,
} from '@vnoc/contracts';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AnyOfSelect } from '../../../components/filter-fields.tsx';
import { FormSubmit } from '../../../components/form-submit.tsx';
import { ProfileSection } from '../../../components/profile-section.tsx';
import { SiteMultiSelect } from '../../../components/site-multi-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { catalogueKey, errorMessage, handleError } from '../../../lib/error-handler.ts';
import { hideToast, toast } from '../../../lib/notify.ts';
import { paths } from '../../../lib/paths.ts';
import { useSiteGroups } from '../../../lib/site-groups.ts';
import { useSiteNames } from '../api/get-site-names.ts';
import { useSendTestNotification } from '../api/send-test-notification.ts';
import { useUpdateNotificationProfile } from '../api/update-notification-profile.ts';
import {
  alertCodeChoices,
  browserTimeZone,
  defaultQuietHours,
  profileRequest,
  timeZoneChoices,
} from '../utils/notification-profile.ts';

const CHANNELS = ChannelSchema.options;

/** One channel: on or off, where it goes (or how to get a verified contact), and a test message. */
function ChannelRow({
  channel,
  contact,
  checked,
  onChange,
}: {
  channel: Channel;
  contact: string | null;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation('notifications');
  const test = useSendTestNotification();
  const label = t(`channels.${channel}`);
  // The row's answer to "Send test" is one toast at a time (issue 37): a second test within 5 minutes is refused
  // (423), and its "wait" replaces the "sent" still showing, as a warning beside it, not a red banner over it.
  const shown = useRef<string | null>(null);
  const say = (message: string, type: 'success' | 'warning') => {
    if (shown.current) hideToast(shown.current);
    shown.current = toast(message, type);
  };
  const failed = (error: unknown) => {
    if (error instanceof ApiError && catalogueKey(error) === 'testNotificationWait')
      say(errorMessage(error), 'warning');
    else handleError(error);
  };
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      data-testid={`channel-${channel}`}
    >
      <Checkbox
        label={label}
        checked={checked}
        disabled={!contact}
        onChange={(event) => onChange(event.currentTarget.checked)}
        description={
          contact ? (
            t('channels.to', { contact })
          ) : (
            <>
              {t(`channels.missing.${channel}`)}{' '}
              <Anchor component={Link} to={paths.settingsProfile} size="xs" underline="always">
                {t('channels.verify')}
              </Anchor>
            </>
          )
        }
      />
      <Button
        variant="light"
        size="xs"
        leftSection={<IconSend size={14} aria-hidden />}
        disabled={!contact}
        loading={test.isPending}
        aria-label={t('channels.sendTestTo', { channel: label })}
        onClick={() =>
          test.mutate(channel, { onSuccess: () => say(t('testSent'), 'success'), onError: failed })
        }
      >
        {t('channels.sendTest')}
      </Button>
    </Group>
  );
}

/** Settings → Notifications: which alerts reach the person, by which channel, and when. */
export function NotificationProfileForm({ data }: { data: NotificationProfileResponse }) {
  const { t, i18n } = useTranslation('notifications');
  const { contacts } = data;
  const update = useUpdateNotificationProfile();
  const groups = useSiteGroups();
  const form = useForm<NotificationProfile>({ initialValues: data.profile });
  const values = form.values;

  const storedNames = useSiteNames(data.profile.siteIds);

  const language = i18n.resolvedLanguage ?? 'en';
  const codes = useMemo(() => alertCodeChoices(language), [language]);
  const zones = useMemo(
    () => timeZoneChoices(values.quietHours?.timeZone ?? browserTimeZone()),
    [values.quietHours?.timeZone],
  );
  const verified = (c: Channel) => Boolean(contacts[c]);
  const channelsOn = values.channels.filter(verified);

  const setChannel = (channel: Channel, on: boolean) =>
    form.setFieldValue(
      'channels',
      on
        ? [...values.channels.filter((c) => c !== channel), channel]
        : values.channels.filter((c) => c !== channel),
    );

  const onSubmit = form.onSubmit((v) => {
    // A channel whose contact is no longer verified would be refused: it is off.
    const request = profileRequest({ ...v, channels: v.channels.filter(verified) });
    update.mutate(request, {
      onSuccess: (saved) => {
        form.setValues(saved.profile);
        form.resetDirty(saved.profile);
        toast(t('saved'));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} data-testid="notification-profile-form">
      <Stack gap="lg">
        <ProfileSection title={t('channels.title')} description={t('channels.description')}>
          <Stack gap="md">
            {CHANNELS.map((channel) => (
              <ChannelRow
                key={channel}
                channel={channel}
                contact={contacts[channel]}
                checked={verified(channel) && values.channels.includes(channel)}
                onChange={(on) => setChannel(channel, on)}
              />
            ))}
          </Stack>
        </ProfileSection>

        <ProfileSection title={t('alerts.title')} description={t('alerts.description')}>
          <Checkbox.Group
            label={t('severities.label')}
            value={values.severities}
            onChange={(v) => form.setFieldValue('severities', v as AlertSeverity[])}
          >
            <Group gap="lg" mt={6}>
              {ALERT_SEVERITIES.map((s) => (
                <Checkbox key={s} value={s} label={t(`severities.${s}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <AnyOfSelect
            label={t('codes.label')}
            description={t('codes.description')}
            anyLabel={t('codes.all')}
            data={codes}
            value={values.codes}
            onChange={(v) => form.setFieldValue('codes', v as NotificationProfile['codes'])}
            searchable
            hidePickedOptions
            data-testid="notification-codes"
          />
          <Switch
            label={t('notifyCleared')}
            checked={values.notifyCleared}
            onChange={(event) => form.setFieldValue('notifyCleared', event.currentTarget.checked)}
          />
        </ProfileSection>

        <ProfileSection title={t('where.title')} description={t('where.description')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <AnyOfSelect
              label={t('where.groups')}
              anyLabel={t('where.allGroups')}
              data={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
              value={values.groupIds}
              onChange={(v) => form.setFieldValue('groupIds', v)}
              nothingFoundMessage={t('where.noGroups')}
              searchable
              hidePickedOptions
              data-testid="notification-groups"
            />
            <SiteMultiSelect
              label={t('where.sites')}
              placeholder={values.siteIds.length ? undefined : t('where.searchSites')}
              value={values.siteIds}
              onChange={(ids) => form.setFieldValue('siteIds', ids)}
              knownNames={storedNames}
              data-testid="notification-sites"
            />
          </SimpleGrid>
        </ProfileSection>

        <ProfileSection title={t('quiet.title')} description={t('quiet.description')}>
          <Switch
            label={t('quiet.on')}
            checked={values.quietHours !== null}
            onChange={(event) =>
              form.setFieldValue('quietHours', event.currentTarget.checked ? defaultQuietHours() : null)
            }
            data-testid="quiet-hours-switch"
          />
          {values.quietHours && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {(['start', 'end'] as const).map((edge) => (
                <TextInput
                  key={edge}
                  type="time"
                  label={edge === 'start' ? t('quiet.start') : t('quiet.end')}
                  value={values.quietHours?.[edge] ?? ''}
                  onChange={(event) => form.setFieldValue(`quietHours.${edge}`, event.currentTarget.value)}
                  required
                  data-testid={`quiet-hours-${edge}`}
                />
              ))}
              <Select
                label={t('quiet.timeZone')}
                data={zones}
                value={values.quietHours.timeZone}
                onChange={(zone) => zone && form.setFieldValue('quietHours.timeZone', zone)}
                searchable
                // About 400 zones: type to find one; listing them all at once is slow to render.
                limit={50}
                allowDeselect={false}
                data-testid="quiet-hours-zone"
              />
            </SimpleGrid>
          )}
        </ProfileSection>

        {(channelsOn.length === 0 || values.severities.length === 0) && (
          <Text size="sm" c="dimmed" data-testid="notification-none">
            {t('none')}
          </Text>
        )}
        <FormSubmit
          error={update.error}
          loading={update.isPending}
          label={t('save')}
          data-testid="notification-save"
        />
      </Stack>
    </form>
  );
}
