import { describe, expect, it } from 'vitest';
import {
  applySuggestion,
  type FleetQuery,
  parseFleetQuery,
  type QueryError,
  queryApplies,
  queryErrorMessage,
  suggestQuery,
} from './fleet-query.ts';

const parsed = (input: string) => {
  const result = parseFleetQuery(input);
  if (!result.ok) throw new Error(queryErrorMessage(result.error));
  return result.query;
};
const failed = (input: string, target?: Parameters<typeof parseFleetQuery>[1]) => {
  const result = parseFleetQuery(input, target);
  if (result.ok) throw new Error(`${input} parsed`);
  return result.error;
};

describe('parseFleetQuery: free text and key:value filters (issue 37)', () => {
  it.each<[string, Partial<FleetQuery>]>([
    ['', { text: '', keys: [] }],
    ['  austin  ', { text: 'austin', keys: [] }],
    ['status:offline', { text: '', status: ['offline'], keys: ['status'] }],
    [
      'status:offline state:TX model:MX67 since:24h',
      { text: '', status: ['offline'], state: ['TX'], model: ['MX67'], sinceMinutes: 1440 },
    ],
    ['STATUS:Offline,error', { status: ['offline', 'error'] }],
    ['status:offline status:error status:offline', { status: ['offline', 'error'] }],
    ['site:"New York" pizza', { site: ['New York'], text: 'pizza' }],
    ['"New York" pizza', { text: 'New York pizza' }],
    ['state:"TX,CA"', { state: ['TX,CA'] }],
    ['state:TX,CA', { state: ['TX', 'CA'] }],
    ['kind:firewall,5g', { kind: ['firewall', '5g'] }],
    ['severity:critical ack:no', { severity: ['critical'], ack: false }],
    ['ack:yes', { ack: true }],
    ['since:30m', { sinceMinutes: 30 }],
    ['since:7d', { sinceMinutes: 7 * 1440 }],
    ['serial:00:18:0a mac:aa-bb', { mac: ['00:18:0a', 'aa-bb'] }],
    ['group:West', { group: ['West'] }],
    // A MAC (or a piece of one) is text, not a key.
    ['00:18:0a:12', { text: '00:18:0a:12', keys: [] }],
    ['ac:de', { text: 'ac:de', keys: [] }],
  ])('%j', (input, expected) => {
    expect(parsed(input)).toMatchObject(expected);
  });

  it.each<[string, Partial<QueryError>]>([
    ['colour:red', { code: 'unknown_key', key: 'colour', position: 0 }],
    ['austin colour:red', { code: 'unknown_key', key: 'colour', position: 7 }],
    ['status:', { code: 'empty_value', key: 'status', position: 0 }],
    ['status:asleep', { code: 'bad_value', key: 'status', value: 'asleep' }],
    ['kind:router', { code: 'bad_value', key: 'kind' }],
    ['severity:huge', { code: 'bad_value', key: 'severity' }],
    ['since:yesterday', { code: 'bad_value', key: 'since' }],
    ['since:0h', { code: 'bad_value', key: 'since' }],
    ['since:9999d', { code: 'bad_value', key: 'since' }],
    ['ack:maybe', { code: 'bad_value', key: 'ack' }],
    ['site:"New York', { code: 'unclosed_quote', position: 5 }],
    [`site:${'x'.repeat(101)}`, { code: 'bad_value', key: 'site' }],
  ])('%j is refused', (input, expected) => {
    expect(failed(input)).toMatchObject(expected);
  });

  it('refuses a key that does not filter the list it is given for', () => {
    expect(failed('status:offline severity:major', 'sites')).toMatchObject({
      code: 'not_applicable',
      key: 'severity',
      position: 15,
    });
    expect(parseFleetQuery('severity:major', 'alerts').ok).toBe(true);
  });

  it('says which groups a query filters', () => {
    const q = parsed('severity:critical');
    expect(queryApplies(q, 'alerts')).toBe(true);
    expect(queryApplies(q, 'sites')).toBe(false);
    expect(queryApplies(parsed('anything'), 'tickets')).toBe(true);
  });

  it('words its errors in English and Spanish with a 1-based position', () => {
    const error = failed('austin colour:red');
    expect(queryErrorMessage(error, 'en')).toBe(
      'Unknown key "colour" at character 8. Keys: status, state, model, kind, site, mac, serial, severity, since, group, ack.',
    );
    expect(queryErrorMessage(error, 'es')).toContain('Clave desconocida «colour» en el carácter 8');
    expect(queryErrorMessage(failed('status:asleep'), 'en')).toContain('Values: online, offline');
    expect(queryErrorMessage(failed('severity:x', 'devices'), 'es')).toBe(
      '«severity:» no filtra dispositivos (carácter 1).',
    );
  });
});

describe('suggestQuery: keys, then values, at the cursor', () => {
  it('proposes every key on an empty word and the keys that start with a typed one', () => {
    expect(suggestQuery('', 0).items.map((i) => i.label)).toHaveLength(11);
    expect(suggestQuery('austin st', 9).items.map((i) => i.label)).toEqual(['status:', 'state:']);
    expect(suggestQuery('se', 2, {}, 'sites').items.map((i) => i.label)).toEqual(['serial:']);
  });

  it('proposes the values of a key from the contracts and the server', () => {
    expect(suggestQuery('status:off', 10).items.map((i) => i.insert)).toEqual(['status:offline ']);
    expect(suggestQuery('status:offline,e', 16).items.map((i) => i.insert)).toEqual([
      'status:offline,error ',
    ]);
    expect(
      suggestQuery('model:mx', 8, { models: ['MX67', 'MX68', 'MR36'] }).items.map((i) => i.label),
    ).toEqual(['MX67', 'MX68']);
    expect(suggestQuery('group:', 6, { groups: ['West Coast'] }).items[0]?.insert).toBe(
      'group:"West Coast" ',
    );
    expect(suggestQuery('colour:', 7).items).toEqual([]);
  });

  it('puts a chosen suggestion in place of the word at the cursor', () => {
    const text = 'austin sta model:MX67';
    const s = suggestQuery(text, 10);
    const state = s.items.find((i) => i.label === 'state:');
    expect(state).toBeDefined();
    expect(applySuggestion(text, s, state as NonNullable<typeof state>)).toEqual({
      text: 'austin state: model:MX67',
      cursor: 13,
    });
    const v = suggestQuery('status:off', 10);
    expect(applySuggestion('status:off', v, v.items[0] as NonNullable<(typeof v.items)[0]>)).toEqual({
      text: 'status:offline ',
      cursor: 15,
    });
  });
});
