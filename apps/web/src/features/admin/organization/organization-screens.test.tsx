// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ActivityEntry } from '@vnoc/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../lib/auth-store.ts';
import { i18n } from '../../../lib/i18n.ts';
import {
  answer,
  fakeOrganizationApi,
  ORG_ID,
  open,
  signIn,
  user,
} from '../../../test/organization-fixtures.ts';
import { fakeJwt, fullClaims, installDomStubs } from '../../../test/render.tsx';
import { Component as ActivityScreen } from '../routes/activity.tsx';
import { Component as AdminOrganization } from '../routes/organization.tsx';

const entry = (overrides: Partial<ActivityEntry>): ActivityEntry => ({
  id: '1',
  at: '2026-03-01T10:00:00.000Z',
  action: 'login.success',
  actor: { id: 'u-1', name: 'Ada Admin', email: 'ada@acme.example' },
  impersonator: null,
  apiKey: null,
  target: null,
  detail: [],
  ip: '203.0.113.7',
  ...overrides,
});

let activity: ActivityEntry[];
const api = fakeOrganizationApi(({ url }) =>
  url.pathname === `/api/organization/${ORG_ID}/activity`
    ? answer({ content: activity, page: 0, pageSize: 50, totalElements: activity.length, totalPages: 1 })
    : undefined,
);

beforeAll(() => {
  installDomStubs();
  // The description's autosizing textarea listens to font loading, which jsdom lacks.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
beforeEach(() => {
  activity = [];
});

describe('Administration → Organization', () => {
  it('shows the details, entitlements read-only and the settings, then saves the description alone', async () => {
    signIn('ADMINISTRATOR');
    open('/admin/organization', AdminOrganization);
    const description = await screen.findByLabelText('Description');
    expect((description as HTMLTextAreaElement).value).toBe('Retail stores');
    expect(screen.getByText('Remote diagnostics')).toBeTruthy();
    const details = within(screen.getByTestId('organization-details'));
    expect((details.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(description, { target: { value: '120 stores in Texas' } });
    fireEvent.click(details.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Acme',
      description: '120 stores in Texas',
    });
    // The saved values come back: the section starts again from them, with nothing left to save.
    await waitFor(() =>
      expect(
        (
          within(screen.getByTestId('organization-details')).getByRole('button', {
            name: 'Save',
          }) as HTMLButtonElement
        ).disabled,
      ).toBe(true),
    );
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('120 stores in Texas');
  });

  it('support acting as an administrator sees single sign-on, joining and support access locked (issue 34)', async () => {
    authStore.setToken(fakeJwt(fullClaims({ role: 'ADMINISTRATOR', impersonatedBy: 'sue@vnoc.example' })));
    authStore.setUser(user('ADMINISTRATOR'));
    open('/admin/organization', AdminOrganization);
    await screen.findByLabelText('Description');
    for (const id of ['organization-sso', 'organization-joining', 'organization-support-access']) {
      const section = within(screen.getByTestId(id));
      expect(section.getByText('Support staff cannot change this while acting as a customer.')).toBeTruthy();
      expect((section.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    }
    const toggle = screen.getByTestId('support-access-switch');
    expect((toggle.closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    // What does not outlive the session stays editable.
    expect(screen.queryByTestId('organization-details-not-for-support')).toBeNull();
    expect(screen.queryByTestId('organization-contacts-not-for-support')).toBeNull();
  });

  it('checks a contact and a domain before sending anything', async () => {
    signIn('ADMINISTRATOR');
    open('/admin/organization', AdminOrganization);
    await screen.findByLabelText('Description');
    const contacts = within(screen.getByTestId('organization-contacts'));
    fireEvent.click(contacts.getByRole('button', { name: 'Add contact' }));
    const emails = contacts.getAllByLabelText('Email');
    fireEvent.change(emails[1] as HTMLElement, { target: { value: 'not-an-email' } });
    fireEvent.click(contacts.getByRole('button', { name: 'Save' }));
    expect(await contacts.findByText('Enter the contact name.')).toBeTruthy();
    expect(contacts.getByText('Enter a valid email address.')).toBeTruthy();

    const joining = within(screen.getByTestId('organization-joining'));
    fireEvent.click(joining.getByLabelText(/People with an address at one of these domains/));
    fireEvent.click(joining.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      selfRegistration: true,
      emailDomains: ['acme.example'],
    });
  });

  it('shows the failure with a way to try again', async () => {
    signIn('ADMINISTRATOR');
    api.failing = true;
    open('/admin/organization', AdminOrganization);
    expect((await screen.findByRole('alert')).textContent).toContain('The organization store is down.');
    api.failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Description')).toBeTruthy();
  });
});

describe('Administration → Activity log', () => {
  it('reads each entry as a sentence with the target named and linked, and details as labelled values', async () => {
    activity = [
      entry({
        id: '3',
        action: 'alert.acknowledge',
        actor: { id: 'u-2', name: 'Uriel Operator', email: 'uriel@acme.example' },
        impersonator: { id: 's-1', name: 'Sam Support', email: 'sam@provider.example' },
        target: {
          kind: 'alert',
          id: 'al-1',
          name: 'Acme Raleigh Westgate',
          alertCode: 'site_offline',
          siteId: 's-9',
          siteName: 'Acme Raleigh Westgate',
        },
      }),
      // An act made with an API key (issue 38) names the key.
      entry({ id: '2', action: 'billing.future_thing', apiKey: { id: 'k-1', name: 'Billing export' } }),
      entry({
        id: '1',
        action: 'alert.assign',
        target: {
          kind: 'alert',
          id: null,
          name: 'Durham Main',
          alertCode: null,
          siteId: null,
          siteName: null,
        },
        detail: [{ key: 'assignee', value: 'Uma User' }],
      }),
    ];
    signIn('ADMINISTRATOR');
    open('/admin/activity', ActivityScreen);
    const rows = await screen.findAllByTestId('data-row');
    expect(rows).toHaveLength(3);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByTestId('activity-sentence').textContent).toBe(
      'Sam Support (vNOC support) for Uriel Operator acknowledged the alert Site offline at Acme Raleigh Westgate',
    );
    expect(
      first.getByRole('link', { name: 'Site offline at Acme Raleigh Westgate' }).getAttribute('href'),
    ).toBe('/alerts?alert=al-1');
    // An action newer than this console reads as who and the stored action.
    expect(within(rows[1] as HTMLElement).getByTestId('activity-sentence').textContent).toBe(
      'API key Billing export · billing.future_thing',
    );
    // A target gone since is named, not linked; details read as label: value.
    const third = within(rows[2] as HTMLElement);
    expect(third.getByTestId('activity-sentence').textContent).toBe(
      'Ada Admin assigned the alert Durham Main',
    );
    expect(third.queryByRole('link')).toBeNull();
    expect(third.getByTestId('activity-detail').textContent).toBe('Assigned to: Uma User');
    expect(third.getByText('203.0.113.7')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'What happened',
      'When',
      'From (IP)',
      'Details',
    ]);
  });

  it('sends the filters to the server, and offers to clear them when nothing matches', async () => {
    signIn('ADMINISTRATOR');
    const { router } = open('/admin/activity', ActivityScreen);
    await screen.findByText('No activity yet');
    fireEvent.click(screen.getByLabelText('Support sessions only'));
    fireEvent.change(screen.getByTestId('activity-filter-from'), { target: { value: '2026-03-01' } });
    await waitFor(() => expect(router.state.location.search).toContain('impersonated=true'));
    await waitFor(() => {
      const query = api.calls.filter((c) => c.url.pathname.endsWith('/activity')).at(-1)?.url.searchParams;
      expect(query?.get('impersonated')).toBe('true');
      expect(query?.get('from')).toBe(new Date('2026-03-01T00:00:00').toISOString());
    });
    expect(await screen.findByText('No activity matches these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('speaks Spanish', async () => {
    activity = [
      entry({
        action: 'device.troubleshooting.reboot',
        target: {
          kind: 'device',
          id: 'd-1',
          name: 'MX67 00B1',
          alertCode: null,
          siteId: 's-1',
          siteName: 'Acme',
        },
        detail: [{ key: 'params', value: 'force: true' }],
      }),
    ];
    await i18n.changeLanguage('es');
    signIn('ADMINISTRATOR');
    open('/admin/activity', ActivityScreen);
    expect((await screen.findByTestId('activity-sentence')).textContent).toBe('Ada Admin reinició MX67 00B1');
    expect(screen.getByRole('link', { name: 'MX67 00B1' }).getAttribute('href')).toBe(
      '/sites/s-1/device/d-1',
    );
    expect(screen.getByTestId('activity-detail').textContent).toBe('Ajustes: force: true');
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeTruthy();
  });
});
