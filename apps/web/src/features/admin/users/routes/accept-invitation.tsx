import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { passwordProblems } from '@vnoc/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormSubmit } from '../../../../components/form-submit.tsx';
import { NewPasswordFields } from '../../../../components/new-password-fields.tsx';
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
          <NewPasswordFields form={form} autoFocus />
          <FormSubmit error={failure} loading={accept.isPending} label={t('invitation.submit')} fullWidth />
        </Stack>
      </form>
    </PublicCard>
  );
}
