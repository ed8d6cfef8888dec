// @vitest-environment jsdom
import { MantineProvider, Select } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installDomStubs } from '../test/render.tsx';
import { theme } from './theme.ts';

beforeAll(installDomStubs);

describe('theme', () => {
  it('leaves a closed Select’s list out of the page and puts it in while open', async () => {
    render(
      <MantineProvider theme={theme}>
        <Select label="Dashboard" data={['Network', 'Stores', 'Warehouses']} />
      </MantineProvider>,
    );
    // Mantine's default keeps the list mounted and hidden: every Select then placed it with floating-ui on mount.
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
    expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(0);
    fireEvent.click(screen.getByLabelText('Dashboard'));
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });
});
