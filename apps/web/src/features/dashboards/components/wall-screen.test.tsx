// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Dashboard } from '@vnoc/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { WallScreen } from './wall-screen.tsx';

const KEY = `vnoc_abcd1234_${'k'.repeat(43)}`;

const dashboard = (id: string, name: string): Dashboard => ({
  id,
  name,
  description: '',
  tagNames: [],
  groupIds: [],
  default: false,
  editable: false,
  shared: true,
  owned: false,
  icon: null,
  widgets: [],
});
const DASHBOARDS = [dashboard('1', 'NOC overview'), dashboard('2', 'Stores'), dashboard('3', 'Warehouses')];

/** The cycle never moves by itself here: only the keys do. */
const stillClock = { every: () => () => {} };

beforeAll(() => {
  installDomStubs();
  void i18n.changeLanguage('en');
});
beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', `/wall#key=${KEY}`);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input));
      const body =
        pathname === '/api/apiKeys/display'
          ? { name: 'NOC wall', dashboardIds: [1, 2, 3], cycleSeconds: 60 }
          : pathname === '/api/dashboard/all'
            ? DASHBOARDS
            : [];
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

async function renderWall() {
  render(
    <Providers>
      <WallScreen clock={stillClock} />
    </Providers>,
  );
  await screen.findByText('NOC overview');
}

/** Presses a key on `target` (the page by default); true when the wall took it (its default prevented). */
const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) =>
  !fireEvent.keyDown(target, { key, ...init });
const shown = () => screen.getByTestId('wall-dashboard').textContent;
const paused = () => screen.queryByTestId('wall-paused') !== null;

describe('WallScreen keys', () => {
  it('→ and N (with Shift or Caps Lock too) show the next dashboard, ← the previous, round the list', async () => {
    await renderWall();
    expect(press('ArrowRight')).toBe(true);
    expect(shown()).toBe('Stores');
    expect(press('n')).toBe(true);
    expect(shown()).toBe('Warehouses');
    expect(press('N', { shiftKey: true })).toBe(true);
    expect(shown()).toBe('NOC overview');
    expect(press('N')).toBe(true);
    expect(shown()).toBe('Stores');
    expect(screen.getByTestId('wall-position').textContent).toBe('2 of 3');
    expect(press('ArrowLeft')).toBe(true);
    expect(shown()).toBe('NOC overview');
    expect(press('ArrowLeft')).toBe(true);
    expect(shown()).toBe('Warehouses');
  });

  it('Space and P (with Shift or Caps Lock too) pause and resume the cycle', async () => {
    await renderWall();
    expect(paused()).toBe(false);
    expect(press(' ')).toBe(true);
    expect(paused()).toBe(true);
    expect(press(' ')).toBe(true);
    expect(paused()).toBe(false);
    expect(press('p')).toBe(true);
    expect(paused()).toBe(true);
    expect(press('P', { shiftKey: true })).toBe(true);
    expect(paused()).toBe(false);
    expect(press('P')).toBe(true);
    expect(paused()).toBe(true);
  });

  it('leaves alone keys with Alt, Ctrl or Meta, other keys (Escape), and keys in a field or an open menu', async () => {
    await renderWall();
    expect(press('ArrowRight', { altKey: true })).toBe(false);
    expect(press('n', { ctrlKey: true })).toBe(false);
    expect(press('p', { metaKey: true })).toBe(false);
    expect(press('Escape')).toBe(false);
    expect(press('ContextMenu')).toBe(false);
    const field = document.createElement('input');
    document.body.append(field);
    expect(press(' ', {}, field)).toBe(false);
    // The language and theme switches' menus: Space chooses an item, the arrows move between them.
    const menu = document.createElement('div');
    menu.setAttribute('role', 'menu');
    const item = document.createElement('button');
    item.setAttribute('role', 'menuitem');
    menu.append(item);
    document.body.append(menu);
    expect(press(' ', {}, item)).toBe(false);
    expect(press('ArrowRight', {}, item)).toBe(false);
    expect(press('ArrowLeft', {}, item)).toBe(false);
    field.remove();
    menu.remove();
    expect(shown()).toBe('NOC overview');
    expect(paused()).toBe(false);
  });
});
