import { Alert, Button, List, PasswordInput, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_MIN, passwordProblems } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormSubmit } from '../../../../components/form-submit.tsx';
import { PublicCard } from '../../../../components/public-card.tsx';
import { errorMessage } from '../../../../lib/error-handler.ts';
import { paths } from '../../../../lib/paths.ts';
import { useAcceptInvitation, useInvitation } from '../api/invitation.ts';

interface PasswordValues {
  password: string;
  confirmation: string;
}

/**
 * /accept-invitation#<secret>: the person an administrator created chooses a password (the link works once
 * and expires), then signs in. The secret is in the fragment so it never reaches a server log.
 */
export function Component() {
  const { t } = useTranslation('adminUsers');
  const { hash } = useLocation();
  const token = hash.replace(/^#/, '');
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<PasswordValues>({
    initialValues: { password: '', confirmation: '' },
    validate: {
      password: (value) => (passwordProblems(value).length > 0 ? t('invitation.policy') : null),
      confirmation: (value, values) => (value !== values.password ? t('invitation.mismatch') : null),
    },
  });

  const back = (
    <Button component={Link} to={paths.login} variant="subtle">
      {t('invitation.toSignIn')}
    </Button>
  );
  if (!token || invitation.isError) {
    return (
      <PublicCard title={t('invitation.title')} footer={back}>
        <Alert color="red" variant="light" role="alert">
          {token ? errorMessage(invitation.error) : t('invitation.missing')}
        </Alert>
      </PublicCard>
    );
  }
  if (invitation.isPending) {
    return (
      <PublicCard title={t('invitation.title')}>
        <Skeleton height={160} />
      </PublicCard>
    );
  }

  const { email, firstName, organization } = invitation.data;
  const problems = passwordProblems(form.values.password);
  const rules = [
    {
      ok: !problems.includes('minLength') && form.values.password.length > 0,
      text: t('invitation.ruleLength', { min: PASSWORD_MIN }),
    },
    {
      ok: form.values.password.length > 0 && !problems.includes('notCommon'),
      text: t('invitation.ruleCommon'),
    },
    {
      ok: form.values.password.length > 0 && form.values.password === form.values.confirmation,
      text: t('invitation.ruleMatch'),
    },
  ];
  const onSubmit = form.onSubmit(({ password }) => {
    setFailure(null);
    accept.mutate({ token, password }, { onError: (error) => setFailure(error) });
  });

  if (accept.isSuccess) {
    return (
      <PublicCard title={t('invitation.doneTitle')}>
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            {t('invitation.done', { email })}
          </Alert>
          <Button component={Link} to={paths.login} fullWidth>
            {t('invitation.signIn')}
          </Button>
        </Stack>
      </PublicCard>
    );
  }

  return (
    <PublicCard
      title={t('invitation.title')}
      description={t('invitation.description', { name: firstName, organization, email })}
      footer={back}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
          <PasswordInput
            {...form.getInputProps('password')}
            label={t('invitation.password')}
            autoComplete="new-password"
            autoFocus
            required
          />
          <PasswordInput
            {...form.getInputProps('confirmation')}
            label={t('invitation.confirmation')}
            autoComplete="new-password"
            required
          />
          <List spacing={4} size="sm" aria-label={t('invitation.rules')} listStyleType="none">
            {rules.map((rule) => (
              <List.Item
                key={rule.text}
                icon={
                  rule.ok ? (
                    <IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />
                  ) : (
                    <IconX size={16} color="var(--mantine-color-dimmed)" aria-hidden />
                  )
                }
              >
                <Text size="sm" span>
                  {rule.text}
                </Text>
              </List.Item>
            ))}
          </List>
          <FormSubmit error={failure} loading={accept.isPending} label={t('invitation.submit')} fullWidth />
        </Stack>
      </form>
    </PublicCard>
  );
}
