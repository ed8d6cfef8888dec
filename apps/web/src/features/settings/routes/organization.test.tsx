// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeOrganizationApi, open, organization, signIn } from '../../../test/organization-fixtures.ts';
import { installDomStubs } from '../../../test/render.tsx';
import { Component as MyOrganization } from './organization.tsx';

const api = fakeOrganizationApi();

beforeAll(() => installDomStubs());

describe('Settings → My Organization', () => {
  it("shows every member the details, administrators, contacts and the provider's support", async () => {
    signIn('READ_ONLY');
    open('/settings/organization', MyOrganization);
    expect((await screen.findByTestId('organization-description')).textContent).toBe('Retail stores');
    expect(within(screen.getByTestId('administrators')).getByText('Ada Admin')).toBeTruthy();
    const support = within(screen.getByTestId('support-contact'));
    expect(support.getByText('Provider support')).toBeTruthy();
    expect(support.getByRole('link', { name: 'support@vnoc.example' }).getAttribute('href')).toBe(
      'mailto:support@vnoc.example',
    );
    expect(screen.getAllByTestId('member-contact')).toHaveLength(1);
  });

  it('names an organization support contact, and says when there are no contacts or administrators', async () => {
    api.stored = {
      ...organization,
      contacts: [],
      administrators: [],
      supportContact: { source: 'organization', name: 'Help Desk', email: null, phone: '+15125550100' },
    };
    signIn('USER');
    open('/settings/organization', MyOrganization);
    expect(await screen.findByText('Help Desk')).toBeTruthy();
    // Stored in international form, shown as people read it once the formatter has loaded.
    expect((await screen.findByRole('link', { name: '+1 512 555 0100' })).getAttribute('href')).toBe(
      'tel:+15125550100',
    );
    expect(screen.getByTestId('member-contacts-empty')).toBeTruthy();
    expect(screen.getByTestId('administrators-empty')).toBeTruthy();
  });

  it('shows a failure', async () => {
    signIn('USER');
    api.failing = true;
    open('/settings/organization', MyOrganization);
    expect((await screen.findByRole('alert')).textContent).toContain('The organization store is down.');
  });
});
