// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ImportProblem, importProblemPath } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { ImportModal } from './import-modal.tsx';

const ORG = '33333333-3333-4333-8333-333333333333';
const SITE = '11111111-1111-4111-8111-111111111111';
const problems: ImportProblem[] = [
  { line: 3, field: 'kind', message: 'Choose the kind of device: firewall, 5g, access-point, switch.' },
  { line: 4, field: 'mac_address', message: 'Enter a valid MAC address.' },
  { line: 6, field: 'mac_address', message: 'This MAC address is also on line 5.' },
  { line: 7, field: 'site_id', message: 'No site with this id in this organization.' },
  { line: 9, field: 'manufacturer', message: 'Missing manufacturer.' },
];

const sent: { dryRun: boolean; csv: string; organizationId: string }[] = [];
let reply: (body: { dryRun: boolean }) => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refused = () =>
  json(
    {
      id: 'invalid_input',
      message: '5 rows have problems; no device was added.',
      errors: problems.map((p) => ({ path: importProblemPath(p), message: p.message })),
      problems,
    },
    400,
  );

beforeAll(() => installDomStubs());
beforeEach(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['provisioning']);
  sent.length = 0;
  reply = refused;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
    const body = JSON.parse(String(init?.body));
    sent.push(body);
    return reply(body);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function chooseFile(text: string) {
  render(
    <Providers>
      <ImportModal organizationId={ORG} organizationName="Acme" onClose={() => {}} />
    </Providers>,
  );
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], 'devices.csv', { type: 'text/csv' })] } });
  await waitFor(() => expect(screen.getByTestId('import-check').hasAttribute('disabled')).toBe(false));
}

const CSV = `site_id,kind,manufacturer,model,mac_address,driver\n${SITE},firewall,GL.iNet,MT3000,aa:bb:cc:dd:ee:01,agent\n`;

describe('Import CSV', () => {
  it('a dry run with bad rows lists every one of them, line, column and problem, and offers no import', async () => {
    await chooseFile(CSV);
    fireEvent.click(screen.getByTestId('import-check'));
    const list = await screen.findByTestId('import-problems');
    expect(sent).toEqual([{ organizationId: ORG, csv: CSV, dryRun: true }]);
    expect(within(list).getByText('5 rows have problems')).toBeTruthy();
    const rows = within(list).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['3', 'kind', 'Choose the kind of device: firewall, 5g, access-point or switch.'],
      ['4', 'mac_address', 'Enter a valid MAC address.'],
      ['6', 'mac_address', 'This MAC address is also on line 5.'],
      ['7', 'site_id', 'No site with this id in this organization.'],
      ['9', 'manufacturer', 'Missing manufacturer.'],
    ]);
    expect(screen.queryByTestId('import-add')).toBeNull();
  });

  it('words the problems in Spanish', async () => {
    await i18n.changeLanguage('es');
    await chooseFile(CSV);
    fireEvent.click(screen.getByTestId('import-check'));
    const list = await screen.findByTestId('import-problems');
    expect(within(list).getByText('5 filas tienen problemas')).toBeTruthy();
    expect(within(list).getByText('Esta dirección MAC también está en la línea 5.')).toBeTruthy();
    expect(within(list).getByText('Falta manufacturer.')).toBeTruthy();
  });

  it('a clean dry run lists what would be added; adding shows the secrets once', async () => {
    const row = {
      line: 2,
      site: { id: SITE, name: 'Austin store' },
      kind: 'firewall',
      manufacturer: 'GL.iNet',
      model: 'MT3000',
      macAddress: 'aa:bb:cc:dd:ee:01',
      driver: 'agent',
    };
    const device = {
      id: '22222222-2222-4222-8222-222222222222',
      name: null,
      kind: 'firewall',
      manufacturer: 'GL.iNet',
      model: 'MT3000',
      macAddress: 'aa:bb:cc:dd:ee:01',
      driver: 'agent',
      status: 'unknown',
      site: { id: SITE, name: 'Austin store' },
      organizationId: ORG,
      credential: {
        state: 'active',
        createdAt: '2026-11-29T10:00:00.000Z',
        rotatedAt: null,
        revokedAt: null,
      },
      lastReportAt: null,
      createdAt: '2026-11-29T10:00:00.000Z',
    };
    const secret = 'x'.repeat(43);
    reply = ({ dryRun }) =>
      json(
        dryRun
          ? { dryRun: true, rows: [row], created: [] }
          : {
              dryRun: false,
              rows: [row],
              created: [
                {
                  device,
                  secret,
                  setup: {
                    driver: 'agent',
                    configPath: '/etc/vnoc-agent.json',
                    config: '{}',
                    command: 'vnoc-agent',
                  },
                },
              ],
            },
      );
    await chooseFile(CSV);
    fireEvent.click(screen.getByTestId('import-check'));
    expect((await screen.findByTestId('import-ready')).textContent).toContain('1 device is ready to add');
    fireEvent.click(screen.getByTestId('import-add'));
    expect(await screen.findByRole('dialog', { name: '1 device added: their secrets' })).toBeTruthy();
    expect(screen.getByText(secret)).toBeTruthy();
    expect(screen.getByText('This secret will not be shown again')).toBeTruthy();
    expect(sent.map((s) => s.dryRun)).toEqual([true, false]);
  });
});
