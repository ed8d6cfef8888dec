// @vitest-environment jsdom

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../../test/organization-fixtures.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { ContactDetailsForm } from './contact-details-form.tsx';

beforeAll(() => installDomStubs());
afterEach(cleanup);

describe('ContactDetailsForm', () => {
  it('shows the mobile and office numbers, each filled by the browser as its own kind of phone', () => {
    const person = user('USER');
    person.contact = { ...person.contact, mobileNumber: '+12025550123', officeNumber: '+12025550199' };
    render(
      <Providers>
        <ContactDetailsForm user={person} />
      </Providers>,
    );
    const mobile = screen.getByLabelText('Mobile phone');
    const office = screen.getByLabelText('Office phone');
    expect(mobile.getAttribute('autocomplete')).toBe('tel');
    expect(office.getAttribute('autocomplete')).toBe('work tel');
    expect((mobile as HTMLInputElement).value).toContain('202');
    expect((office as HTMLInputElement).value).toContain('0199');
  });
});
