import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { AccountIdSchema, MacSchema } from '@vnoc/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SectionHeading } from '../../../components/section-heading.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-handler.ts';
import { paths } from '../../../lib/paths.ts';
import { useSiteByAccountMac } from '../api/get-site-by-account-mac.ts';

/** Account number and MAC together: GET site/account/{accountId}/mac/{mac}, then straight to the site. */
export function AccountMacLookup() {
  const { t } = useTranslation('sites');
  const navigate = useNavigate();
  const lookup = useSiteByAccountMac();
  const [account, setAccount] = useState('');
  const [mac, setMac] = useState('');
  const [errors, setErrors] = useState<{ account?: string; mac?: string; form?: string }>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const a = AccountIdSchema.safeParse(account);
    const m = MacSchema.safeParse(mac);
    const next = {
      account:
        account.trim() === ''
          ? t('search.accountRequired')
          : a.success
            ? undefined
            : t('search.accountInvalid'),
      mac: mac.trim() === '' ? t('search.macRequired') : m.success ? undefined : t('search.macInvalid'),
    };
    setErrors(next);
    if (next.account || next.mac || !a.success || !m.success) return;
    lookup.mutate(
      { accountId: a.data, mac: m.data },
      {
        onSuccess: (site) => navigate(paths.site(site.id)),
        onError: (error) =>
          setErrors({
            form:
              error instanceof ApiError && error.status === 404 ? t('search.notFound') : errorMessage(error),
          }),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="exact-lookup">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <SectionHeading
            id="exact-lookup"
            title={t('search.exactTitle')}
            description={t('search.exactText')}
          />
          <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
            <TextInput
              label={t('search.account')}
              value={account}
              maxLength={32}
              error={errors.account}
              onChange={(event) => setAccount(event.currentTarget.value)}
              miw={180}
            />
            <TextInput
              label={t('search.mac')}
              placeholder={t('search.macPlaceholder')}
              value={mac}
              maxLength={17}
              error={errors.mac}
              onChange={(event) => setMac(event.currentTarget.value)}
              miw={180}
            />
          </Group>
          {errors.form && (
            <Text size="sm" c="red" role="alert">
              {errors.form}
            </Text>
          )}
          <Group>
            <Button
              type="submit"
              loading={lookup.isPending}
              rightSection={<IconArrowRight size={16} aria-hidden />}
            >
              {t('search.findSite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
