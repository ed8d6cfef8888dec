import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconKey } from '@tabler/icons-react';
import { EmailSchema, LoginRequestSchema } from '@vnoc/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormSubmit } from '../../../components/form-submit.tsx';
import { PublicCard } from '../../../components/public-card.tsx';
import { authStore } from '../../../lib/auth-store.ts';
import { showBanner } from '../../../lib/banner.ts';
import { errorText } from '../../../lib/error-handler.ts';
import { schemaValidator, useErrorsFollowLanguage } from '../../../lib/form-validation.ts';
import { paths } from '../../../lib/paths.ts';
import { RETURN_PARAM, rememberReturnPath } from '../../../lib/return-path.ts';
import { useLogin } from '../api/login.ts';
import { useSsoTile } from '../api/sso.ts';
import { EmailField } from '../components/email-field.tsx';
import { useSignInSteps } from '../hooks/use-sign-in-steps.ts';
import { takeExpiredSignOut } from '../utils/expired-sign-out.ts';
import { nextAfterLogin } from '../utils/next-step.ts';

/** /login: username and password (spec part 4, "Login success …"). */
export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const login = useLogin();
  const { goToStep } = useSignInSteps();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: schemaValidator(LoginRequestSchema, t),
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
  const email = EmailSchema.safeParse(typed);
  const tile = useSsoTile(email.success ? email.data : null).data ?? null;
  const ssoParams = new URLSearchParams({
    ...(email.success ? { email: email.data } : {}),
    ...(originalUri ? { [RETURN_PARAM]: originalUri } : {}),
  }).toString();
  const ssoHref = ssoParams ? `${paths.loginViaOkta}?${ssoParams}` : paths.loginViaOkta;

  const onSubmit = form.onSubmit((values) => {
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
  });

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
