// @vitest-environment jsdom
import { Alert, Table } from '@mantine/core';
import { IconLock, IconPencil } from '@tabler/icons-react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../lib/format.ts';
import { i18n } from '../lib/i18n.ts';
import { installDomStubs, Providers } from '../test/render.tsx';
import { AlertMarkIcon } from './alert-mark-badge.tsx';
import { BackLink } from './back-link.tsx';
import { DateText } from './date-text.tsx';
import { FilteredEmpty } from './filtered-empty.tsx';
import { FormModal, ModalForm } from './form-modal.tsx';
import { FormSubmit } from './form-submit.tsx';
import { LabelledSegmented } from './labelled-segmented.tsx';
import { ModalActions } from './modal-actions.tsx';
import { MonoText } from './mono-text.tsx';
import { NamedIcon } from './named-icon.tsx';
import { Notice } from './notice.tsx';
import { PlainList } from './plain-list.tsx';
import { ScrollTable } from './scroll-table.tsx';
import { TooltipAction } from './tooltip-action.tsx';

beforeAll(() => installDomStubs());
afterEach(cleanup);

const show = (node: ReactNode) => render(<Providers>{node}</Providers>);

describe('AlertMarkIcon', () => {
  it('is named for assistive technology, and explains itself in a tooltip only while hovered (issue 39)', async () => {
    show(<AlertMarkIcon mark="maintenance" />);
    const icon = screen.getByRole('img', { name: 'Raised during a maintenance window (not notified)' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(icon);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Raised during a maintenance window (not notified)',
    );
    fireEvent.mouseLeave(icon);
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});

describe('DateText', () => {
  it('writes the date as the app does and never breaks it across lines', () => {
    show(<DateText value={new Date(2025, 5, 1, 15, 45)} />);
    const text = screen.getByText(formatDate(new Date(2025, 5, 1, 15, 45)));
    expect(text.textContent).toMatch(/^06\/01\/2025 03:45 PM \S+$/);
    expect(text.style.whiteSpace).toBe('nowrap');
  });

  it('writes an age in the language, the exact date and zone on hover and read with it (issue 37)', async () => {
    const now = Date.parse('2026-03-02T15:00:00Z');
    const at = '2026-03-02T12:00:00Z';
    show(<DateText value={at} relative now={now} />);
    const age = screen.getByText('3 hours ago');
    expect(age.getAttribute('title')).toBe(formatDate(at));
    expect(age.getAttribute('aria-label')).toBe(`3 hours ago (${formatDate(at)})`);
    expect(age.getAttribute('datetime')).toBe('2026-03-02T12:00:00.000Z');
    cleanup();
    await i18n.changeLanguage('es');
    show(<DateText value={at} relative now={now} />);
    expect(screen.getByText('hace 3 horas').getAttribute('title')).toBe(formatDate(at));
    await i18n.changeLanguage('en');
  });

  it("mounts the exact date's tooltip only while the age is focused or hovered", async () => {
    const now = Date.parse('2026-03-02T15:00:00Z');
    const at = '2026-03-02T12:00:00Z';
    show(<DateText value={at} relative now={now} />);
    const age = screen.getByText('3 hours ago');
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(age);
    expect((await screen.findByRole('tooltip')).textContent).toBe(formatDate(at));
    fireEvent.blur(age);
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    fireEvent.mouseEnter(age);
    expect((await screen.findByRole('tooltip')).textContent).toBe(formatDate(at));
  });

  it('keeps one clock for every age of a list, and moves them all on its tick', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-02T15:00:00Z') });
    try {
      const before = vi.getTimerCount();
      show(
        <>
          <DateText value="2026-03-02T14:59:00Z" relative />
          <DateText value="2026-03-02T14:58:00Z" relative />
          <DateText value="2026-03-02T14:57:00Z" relative />
        </>,
      );
      expect(screen.getByText('1 minute ago')).toBeTruthy();
      expect(vi.getTimerCount() - before).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(screen.getByText('2 minutes ago')).toBeTruthy();
      expect(screen.getByText('4 minutes ago')).toBeTruthy();
      cleanup();
      expect(vi.getTimerCount()).toBe(before);
      // The clock stood still while nothing watched it: an age drawn later counts from the present.
      vi.setSystemTime(Date.parse('2026-03-02T16:00:00Z'));
      show(<DateText value="2026-03-02T15:58:00Z" relative />);
      expect(screen.getByText('2 minutes ago')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('NamedIcon', () => {
  it('draws the icon named, and the firewall appliance for a name it does not list', () => {
    show(
      <>
        <NamedIcon name="IconAccessPoint" title="Access point" />
        <NamedIcon name="IconPencil" title="Unknown" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Access point' }).getAttribute('class')).toContain(
      'tabler-icon-access-point',
    );
    expect(screen.getByRole('img', { name: 'Unknown' }).getAttribute('class')).toContain(
      'tabler-icon-firewall-flame',
    );
  });
});

describe('PlainList', () => {
  it('is a real list without bullets, keeping its own attributes', () => {
    show(
      <PlainList aria-label="Notes">
        <li>one</li>
        <li>two</li>
      </PlainList>,
    );
    const list = screen.getByRole('list', { name: 'Notes' });
    expect(list.tagName).toBe('UL');
    expect(list.style.listStyle).toBe('none');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('LabelledSegmented', () => {
  it('is named by its visible label and reports the choice', () => {
    const onChange = vi.fn();
    show(
      <LabelledSegmented
        label="Show"
        value="current"
        onChange={onChange}
        data={[
          { value: 'current', label: 'Current' },
          { value: 'ended', label: 'Ended' },
        ]}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Show' });
    fireEvent.click(within(group).getByLabelText('Ended'));
    expect(onChange).toHaveBeenCalledWith('ended');
  });
});

describe('BackLink', () => {
  it('links back to the given path', () => {
    const router = createMemoryRouter([
      { path: '*', element: <BackLink to="/tickets">Back to tickets</BackLink> },
    ]);
    show(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Back to tickets' }).getAttribute('href')).toBe('/tickets');
  });
});

describe('MonoText', () => {
  it('writes a machine value in monospace and never breaks it across lines', () => {
    show(<MonoText>aa:bb:cc:dd:ee:ff</MonoText>);
    const text = screen.getByText('aa:bb:cc:dd:ee:ff');
    expect(text.style.whiteSpace).toBe('nowrap');
    expect(text.getAttribute('style')).toContain('monospace');
  });
});

describe('Notice', () => {
  it('is the light alert with its icon hidden from screen readers, the rest passed on', () => {
    const notice = show(
      <Notice id="n" color="blue" icon={IconLock} title="Kept off" role="status" data-testid="notice">
        Ports stay off.
      </Notice>,
    );
    const markup = notice.container.innerHTML;
    cleanup();
    const spelled = show(
      <Alert
        id="n"
        color="blue"
        variant="light"
        icon={<IconLock size={18} aria-hidden />}
        title="Kept off"
        role="status"
        data-testid="notice"
      >
        Ports stay off.
      </Alert>,
    );
    expect(markup).toBe(spelled.container.innerHTML);
    expect(screen.getByTestId('notice').getAttribute('data-variant')).toBe('light');
  });
});

describe('ScrollTable', () => {
  it('puts the head cells in one header row and the rows in the body', () => {
    show(
      <ScrollTable minWidth={300} aria-label="VLANs" head={<Table.Th>Name</Table.Th>}>
        <Table.Tr>
          <Table.Td>Office</Table.Td>
        </Table.Tr>
      </ScrollTable>,
    );
    const table = screen.getByRole('table', { name: 'VLANs' });
    expect(within(table).getByRole('columnheader').textContent).toBe('Name');
    expect(within(table).getByRole('cell').textContent).toBe('Office');
  });
});

describe('TooltipAction', () => {
  it('is named by its full label and acts on click', () => {
    const onClick = vi.fn();
    show(<TooltipAction tooltip="Edit" label="Edit: Texas stores" icon={IconPencil} onClick={onClick} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Texas stores' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('FormSubmit', () => {
  it('shows the failure above a submit button, and nothing when there is none', () => {
    const { rerender } = show(<FormSubmit error="The code has expired" loading={false} label="Verify" />);
    expect(screen.getByRole('alert').textContent).toContain('The code has expired');
    expect(screen.getByRole('button', { name: 'Verify' }).getAttribute('type')).toBe('submit');
    rerender(
      <Providers>
        <FormSubmit error={null} loading={false} label="Verify" fullWidth />
      </Providers>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('FilteredEmpty', () => {
  it("says nothing matches in the list's own words and clears the filters on request, in the tables' words", () => {
    const onClear = vi.fn();
    show(
      <FilteredEmpty
        title="No alerts match these filters"
        text="Change or clear the filters to see more alerts."
        onClear={onClear}
      />,
    );
    expect(screen.getByText('No alerts match these filters')).toBeTruthy();
    expect(screen.getByText('Change or clear the filters to see more alerts.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});

describe('ModalActions', () => {
  it('cancels, and submits its form', () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    show(
      <form onSubmit={onSubmit}>
        <ModalActions cancelLabel="Cancel" submitLabel="Save" onCancel={onCancel} submitTestId="save" />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTestId('save'));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('while sending, locks cancel only when asked to', () => {
    show(
      <ModalActions cancelLabel="Cancel" submitLabel="Send" onCancel={() => undefined} loading lockCancel />,
    );
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    show(<ModalActions cancelLabel="Cancel" submitLabel="Send" onCancel={() => undefined} loading />);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('ModalForm', () => {
  it('sends without reloading the page, with the common Cancel, and locks Cancel while sending when asked', () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((event: { defaultPrevented: boolean }) => event.defaultPrevented);
    show(
      <ModalForm
        onSubmit={onSubmit}
        onCancel={onCancel}
        submitLabel="Send"
        submitTestId="send"
        data-testid="the-form"
      >
        <input aria-label="Name" required />
      </ModalForm>,
    );
    expect(screen.getByTestId('the-form').hasAttribute('novalidate')).toBe(true);
    fireEvent.click(screen.getByTestId('send'));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.results[0]?.value).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    cleanup();
    show(
      <ModalForm onSubmit={onSubmit} onCancel={onCancel} submitLabel="Send" loading lockCancel>
        <input aria-label="Name" />
      </ModalForm>,
    );
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('FormModal', () => {
  it('shows its fields and the failure, submits the form, and closes on Cancel', async () => {
    const onClose = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    show(
      <FormModal
        opened
        onClose={onClose}
        title="New thing"
        onSubmit={onSubmit}
        submitLabel="Create"
        error="It did not work."
        submitTestId="create"
      >
        <input aria-label="Name" required />
      </FormModal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New thing' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toBeTruthy();
    expect(within(dialog).getByText('It did not work.')).toBeTruthy();
    // The form checks its own fields: the browser's check does not stop an empty required field.
    fireEvent.click(within(dialog).getByTestId('create'));
    expect(onSubmit).toHaveBeenCalledOnce();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
