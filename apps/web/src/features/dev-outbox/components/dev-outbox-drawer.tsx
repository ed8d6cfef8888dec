import { Badge, Chip, Drawer, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { OutboxMessage } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueIcon } from '../../../components/copy-value.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { formatDate } from '../../../lib/format.ts';
import { useOutbox } from '../api/get-outbox.ts';

// The address typed last is kept while the app is open, so it survives moving between sign-in screens.
let rememberedAddress = '';

function MessageCard({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" data-testid="outbox-message">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Badge
          variant="light"
          color={message.channel === 'email' ? 'blue' : message.channel === 'sms' ? 'teal' : 'grape'}
        >
          {t(`outbox.channels.${message.channel}`)}
        </Badge>
        <Text size="xs" component="time" dateTime={message.createdAt}>
          {formatDate(message.createdAt)}
        </Text>
      </Group>
      <Text size="sm" mt={6}>
        <Text span fw={600}>
          {t('outbox.to')}:
        </Text>{' '}
        {message.to}
      </Text>
      {message.subject && (
        <Text size="sm">
          <Text span fw={600}>
            {t('outbox.subject')}:
          </Text>{' '}
          {message.subject}
        </Text>
      )}
      {message.code ? (
        <Group gap="xs" mt="xs" align="center">
          <Text
            ff="monospace"
            fz={28}
            fw={700}
            style={{ letterSpacing: '0.15em' }}
            data-testid="outbox-code"
            aria-label={`${t('outbox.code')}: ${message.code.split('').join(' ')}`}
          >
            {message.code}
          </Text>
          <CopyValueIcon
            value={message.code}
            size="lg"
            copyLabel={t('outbox.copyCode')}
            copiedLabel={t('common.copied')}
          />
        </Group>
      ) : (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {message.body}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The dev outbox's drawer: the messages "sent" to an address (the signed-in user's by default), their codes
 * ready to copy. Loaded when its button is first pointed at or pressed (dev-outbox.tsx).
 */
export function DevOutboxDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { claims, user } = useAuth();
  const [typed, setTyped] = useState<string | null>(rememberedAddress || null);
  const defaultAddress = user?.username ?? claims?.sub ?? '';
  const address = typed ?? defaultAddress;
  const outbox = useOutbox(address, opened);
  const suggestions = [
    defaultAddress && { label: defaultAddress, value: defaultAddress },
    claims?.userSmsNumber && {
      label: `${t('outbox.smsNumber')}: ${claims.userSmsNumber}`,
      value: claims.userSmsNumber,
    },
    claims?.userVoiceNumber &&
      claims.userVoiceNumber !== claims.userSmsNumber && {
        label: `${t('outbox.voiceNumber')}: ${claims.userVoiceNumber}`,
        value: claims.userVoiceNumber,
      },
    user?.contact.mobileNumber && { label: user.contact.mobileNumber, value: user.contact.mobileNumber },
  ].filter((s): s is { label: string; value: string } => Boolean(s));

  const setAddress = (value: string) => {
    rememberedAddress = value;
    setTyped(value);
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('outbox.title')}
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('outbox.intro')}</Text>
        <TextInput
          label={t('outbox.address')}
          description={t('outbox.addressHint')}
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
          data-testid="dev-outbox-address"
          autoComplete="off"
        />
        {suggestions.length > 0 && (
          <Group gap={6}>
            {suggestions.map((s) => (
              <Chip
                key={s.value}
                size="xs"
                checked={address.trim() === s.value}
                onChange={() => setAddress(s.value)}
              >
                {s.label}
              </Chip>
            ))}
          </Group>
        )}
        <Text size="xs">{t('outbox.updated')}</Text>
        {!address.trim() && <Text size="sm">{t('outbox.enterAddress')}</Text>}
        {outbox.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(outbox.error)}
          </Text>
        )}
        {outbox.data?.length === 0 && <Text size="sm">{t('outbox.empty')}</Text>}
        <Stack gap="xs" aria-live="polite">
          {outbox.data?.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </Stack>
      </Stack>
    </Drawer>
  );
}
