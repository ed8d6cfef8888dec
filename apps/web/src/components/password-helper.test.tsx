// @vitest-environment jsdom
import { useForm } from '@mantine/form';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { installDomStubs, Providers } from '../test/render.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { PasswordHelper } from './password-helper.tsx';

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
afterEach(cleanup);

function ruleItems() {
  const list = screen.getByTestId('password-helper');
  return Object.fromEntries(
    within(list)
      .getAllByRole('listitem')
      .map((item) => [item.getAttribute('data-rule'), item.getAttribute('data-met') === 'true']),
  );
}

function Harness() {
  const form = useForm({ initialValues: { password: '', confirmation: '' } });
  return <NewPasswordFields form={form} />;
}

describe('PasswordHelper', () => {
  it('lists the four rules with the shared limits', () => {
    render(
      <Providers>
        <PasswordHelper password="" confirmation="" />
      </Providers>,
    );
    const list = screen.getByTestId('password-helper');
    expect(within(list).getByText('Have at least 12 characters')).toBeTruthy();
    expect(within(list).getByText('Have at most 128 characters')).toBeTruthy();
    expect(within(list).getByText('Not be a common password')).toBeTruthy();
    expect(within(list).getByText('Match the confirmation')).toBeTruthy();
    expect(ruleItems()).toEqual({ minLength: false, maxLength: false, notCommon: false, matches: false });
    expect(within(list).getAllByText('(not met yet)')).toHaveLength(4);
  });

  it('ticks each rule as it is met while typing', () => {
    render(
      <Providers>
        <Harness />
      </Providers>,
    );
    const password = screen.getByLabelText(/^New password/);
    const confirmation = screen.getByLabelText(/^Confirm new password/);

    fireEvent.change(password, { target: { value: 'short' } });
    expect(ruleItems()).toEqual({ minLength: false, maxLength: true, notCommon: true, matches: false });

    fireEvent.change(password, { target: { value: 'password1234' } });
    expect(ruleItems()).toEqual({ minLength: true, maxLength: true, notCommon: false, matches: false });

    fireEvent.change(password, { target: { value: 'teal-harbor-77-lamp' } });
    expect(ruleItems()).toEqual({ minLength: true, maxLength: true, notCommon: true, matches: false });

    fireEvent.change(confirmation, { target: { value: 'teal-harbor-77-lamp' } });
    expect(ruleItems()).toEqual({ minLength: true, maxLength: true, notCommon: true, matches: true });
    expect(within(screen.getByTestId('password-helper')).getAllByText('(met)')).toHaveLength(4);

    fireEvent.change(password, { target: { value: 'x'.repeat(129) } });
    expect(ruleItems()).toEqual({ minLength: true, maxLength: false, notCommon: false, matches: false });
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    render(
      <Providers>
        <PasswordHelper password="" confirmation="" />
      </Providers>,
    );
    expect(screen.getByText('Tener al menos 12 caracteres')).toBeTruthy();
    await i18n.changeLanguage('en');
  });
});
