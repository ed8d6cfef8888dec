import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconKey } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormSubmit } from '../../../components/form-submit.tsx';
import { PublicCard } from '../../../components/public-card.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { showBanner } from '../../../lib/banner.ts';
import { errorText } from '../../../lib/error-handler.ts';
import { schemaValidator, useErrorsFollowLanguage } from '../../../lib/form-validation.ts';
import { loadedLater, useLoadedLater } from '../../../lib/loaded-later.ts';
import { paths } from '../../../lib/paths.ts';
import { RETURN_PARAM, rememberReturnPath } from '../../../lib/return-path.ts';
import { useLogin } from '../api/login.ts';
import { useSsoTile } from '../api/sso.ts';
import { EmailField } from '../components/email-field.tsx';
import { useSignInSteps } from '../hooks/use-sign-in-steps.ts';
import { takeExpiredSignOut } from '../utils/expired-sign-out.ts';
import { nextAfterLogin } from '../utils/next-step.ts';

/**
 * What /login checks with, the sign-in schemas and zod (~35 KB gzipped, more than the page's own code): fetched once
 * the page has drawn, not before it (issue 39's 200 KB first load).
 */
const authSchemas = loadedLater(() => import('@vnoc/contracts/auth'));

/** /login: username and password (spec part 4, "Login success …"). */
export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const login = useLogin();
  const { goToStep } = useSignInSteps();
  const [failure, setFailure] = useState<unknown>(null);
  const schemas = useLoadedLater(authSchemas);
  const form = useForm({
    initialValues: { username: '', password: '' },
    // Sending waits for the schemas; before them nothing has been checked, so no field shows a message to word anew.
    validate: (values) => {
      const loaded = authSchemas.current();
      return loaded ? schemaValidator(loaded.LoginRequestSchema, t)(values) : {};
    },
  });
  useErrorsFollowLanguage(form);

  // The page asked for while signed out, kept for the next steps (issue 37); none: sign-in ends on the dashboard.
  const [params] = useSearchParams();
  const originalUri = params.get(RETURN_PARAM);
  useEffect(() => rememberReturnPath(originalUri), [originalUri]);

  // Back from the identity provider's end-session page after the session expired (session watcher).
  useEffect(() => {
    if (takeExpiredSignOut()) showBanner('warning', errorText('sessionExpired'));
  }, []);

  // The organization's identity-provider tile, once a complete address is typed (by its domain only).
  const [typed] = useDebouncedValue(form.getValues().username.trim(), 300);
  const email = schemas?.EmailSchema.safeParse(typed);
  const address = email?.success ? email.data : null;
  const tile = useSsoTile(address).data ?? null;
  const ssoParams = new URLSearchParams({
    ...(address ? { email: address } : {}),
    ...(originalUri ? { [RETURN_PARAM]: originalUri } : {}),
  }).toString();
  const ssoHref = ssoParams ? `${paths.loginViaOkta}?${ssoParams}` : paths.loginViaOkta;

  const send = (
    values: typeof form.values,
    { LoginRequestSchema }: typeof import('@vnoc/contracts/auth'),
  ) => {
    setFailure(null);
    login.mutate(LoginRequestSchema.parse(values), {
      onSuccess: () => goToStep(nextAfterLogin(authStore.get().claims)),
      onError: (error) => {
        // Spec part 4: "On a failed login the claims are cleared."
        authStore.clearClaims();
        setFailure(error);
        form.setFieldValue('password', '');
      },
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The schemas were asked for as the page drew; a sign-in quicker than their arrival waits for them.
    authSchemas.load().then((loaded) => form.onSubmit((values) => send(values, loaded))(), setFailure);
  };

  const createAccount = async () => {
    // Spec part 4: "Organization lookup by email sets captivity to /organization-lookup and goes there."
    authStore.setCaptivity(paths.organizationLookup);
    await navigate(paths.organizationLookup);
  };

  return (
    <PublicCard
      title={t('login.title')}
      description={t('login.description')}
      footer={
        <>
          <Divider w="100%" />
          <Group gap={6} justify="center">
            <Text size="sm" c="dimmed">
              {t('login.noAccount')}
            </Text>
            <Anchor component="button" type="button" size="sm" onClick={createAccount}>
              {t('login.createAccount')}
            </Anchor>
          </Group>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <EmailField {...form.getInputProps('username')} key={form.key('username')} autoFocus />
          <Stack gap={4}>
            <PasswordInput
              {...form.getInputProps('password')}
              key={form.key('password')}
              label={t('fields.password')}
              autoComplete="current-password"
              required
            />
            <Group justify="flex-end">
              <Anchor component={Link} to={paths.forgotPassword} size="sm">
                {t('login.forgotPassword')}
              </Anchor>
            </Group>
          </Stack>
          <FormSubmit error={failure} loading={login.isPending} label={t('login.submit')} fullWidth />
          {tile ? (
            <>
              <Divider label={t('login.ssoDivider')} labelPosition="center" />
              <Button
                component={Link}
                to={ssoHref}
                variant="default"
                fullWidth
                leftSection={<IconKey size={18} aria-hidden />}
                data-testid="sso-tile"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                h="auto"
                mih={36}
                py={6}
              >
                {t('login.ssoTile', { organization: tile.organization })}
              </Button>
            </>
          ) : null}
        </Stack>
      </form>
    </PublicCard>
  );
}
