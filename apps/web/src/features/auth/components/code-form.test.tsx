// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { useCodeForm } from '../hooks/use-code-form.ts';
import { CodeForm } from './code-form.tsx';

function Harness() {
  const form = useCodeForm();
  return (
    <CodeForm
      form={form}
      submitLabel="Verify"
      verify={{
        isPending: false,
        mutate: (_code, { onError }) =>
          onError(
            new ApiError(400, { id: 'invalid_input', message: 'Code is not valid' }, 'access/validateTOTP'),
          ),
      }}
      onVerified={() => undefined}
    />
  );
}

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
afterEach(cleanup);

describe('CodeForm', () => {
  it('shows one error at a time: a malformed code replaces an earlier refusal', async () => {
    render(
      <Providers>
        <Harness />
      </Providers>,
    );
    const boxes = screen.getAllByRole('textbox');
    '123456'.split('').forEach((digit, i) => {
      fireEvent.change(boxes[i] as HTMLElement, { target: { value: digit } });
    });
    expect(await screen.findByText('Code is not valid')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Code is not valid')).toBeNull());
  });
});
