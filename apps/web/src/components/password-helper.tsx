import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN, passwordRuleStates } from '../lib/password-rules.ts';

interface PasswordHelperProps {
  password: string;
  confirmation: string;
}

/** The password rules, each ticking as it is met (policy from the shared passwordProblems()). */
export function PasswordHelper({ password, confirmation }: PasswordHelperProps) {
  const { t } = useTranslation('auth');
  const states = passwordRuleStates(password, confirmation);
  return (
    <div>
      <Text size="sm" fw={500} id="password-helper-title" mb={6}>
        {t('passwordHelper.title')}
      </Text>
      <List
        spacing={4}
        size="sm"
        center
        aria-labelledby="password-helper-title"
        data-testid="password-helper"
      >
        {states.map(({ rule, met }) => (
          <List.Item
            key={rule}
            data-rule={rule}
            data-met={met}
            icon={
              <ThemeIcon
                color={met ? 'teal' : 'gray'}
                variant={met ? 'filled' : 'light'}
                size={20}
                radius="xl"
              >
                {met ? <IconCheck size={14} aria-hidden /> : <IconCircleDashed size={14} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Text size="sm" c={met ? undefined : 'dimmed'} span>
              {t(`passwordHelper.${rule}`, { min: PASSWORD_MIN, max: PASSWORD_MAX })}
            </Text>
            <VisuallyHidden>{met ? t('passwordHelper.met') : t('passwordHelper.notMet')}</VisuallyHidden>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
