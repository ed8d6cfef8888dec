import { describe, expect, it } from 'vitest';
import { contactProblems, issuerProblem, normalizeDomain } from './validation.ts';

describe('organization form rules', () => {
  it.each([
    [{ name: 'Ada', role: '', email: '', phone: '' }, {}],
    [{ name: ' ', role: '', email: '', phone: '' }, { name: 'contactNameRequired' }],
    [{ name: 'Ada', role: '', email: 'ada@', phone: '' }, { email: 'emailInvalid' }],
    [{ name: 'Ada', role: '', email: 'ada@acme.example', phone: 'call' }, { phone: 'phoneInvalid' }],
    [{ name: 'Ada', role: 'IT', email: '', phone: '+1 (512) 555-0100' }, {}],
  ])('contact %j → %j', (contact, problems) => expect(contactProblems(contact)).toEqual(problems));

  it.each([
    ['Acme.example', 'acme.example'],
    ['@stores.acme.example', 'stores.acme.example'],
    ['localhost', null],
    ['not a domain', null],
    ['acme.', null],
  ])('domain %s → %s', (value, domain) => expect(normalizeDomain(value)).toBe(domain));

  it.each([
    ['https://login.example.com/oauth2/default', null],
    ['http://localhost:8080/oidc', null],
    ['http://127.0.0.1:9000', null],
    ['http://login.example.com', 'issuerHttps'],
    ['ftp://login.example.com', 'issuerInvalid'],
    ['login.example.com', 'issuerInvalid'],
  ])('issuer %s → %s', (value, problem) => expect(issuerProblem(value)).toBe(problem));
});
