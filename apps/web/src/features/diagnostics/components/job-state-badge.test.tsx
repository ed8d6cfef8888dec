// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VerdictBadge } from '../../../components/verdict.tsx';
import { i18n } from '../../../lib/i18n.ts';
import { installDomStubs, Providers } from '../../../test/render.tsx';
import { JobStateBadge } from './job-state-badge.tsx';

beforeAll(async () => {
  installDomStubs();
  await i18n.changeLanguage('en');
});
afterEach(cleanup);

/**
 * Issue 37 point 13: "Failed" (the job state: the test did not run) and "Failing" (the verdict: it ran and the
 * network fails) were near-identical red badges. The words stay; colour, icon and tooltip tell them apart.
 */
describe('Failed and Failing', () => {
  const both = () =>
    render(
      <Providers>
        <JobStateBadge state="failed" />
        <VerdictBadge verdict="failing" />
      </Providers>,
    );

  it('differ in colour, outline and icon, keeping their words', () => {
    both();
    const failed = screen.getByTestId('job-state');
    const failing = screen.getByTestId('verdict');
    expect(failed.textContent).toBe('Failed');
    expect(failing.textContent).toBe('Failing');
    expect(failed.getAttribute('data-variant')).toBe('outline');
    expect(failing.getAttribute('data-variant')).toBe('light');
    expect(failed.style.getPropertyValue('--badge-color')).not.toBe(
      failing.style.getPropertyValue('--badge-color'),
    );
    const icon = (el: HTMLElement) => el.querySelector('svg')?.getAttribute('class');
    expect(icon(failed)).toContain('icon-ban');
    expect(icon(failing)).toContain('icon-circle-x');
  });

  it.each([
    ['en', 'The test did not run', 'The test ran and found the network failing'],
    ['es', 'La prueba no se ejecutó', 'La prueba se ejecutó y encontró la red con fallos'],
  ])('explain themselves in %s (tooltip and description)', async (language, failedHint, failingHint) => {
    await act(() => i18n.changeLanguage(language));
    try {
      both();
      const failed = screen.getByTestId('job-state');
      expect(failed.getAttribute('aria-description')).toContain(failedHint);
      expect(screen.getByTestId('verdict').getAttribute('aria-description')).toContain(failingHint);
      fireEvent.mouseEnter(failed);
      expect((await screen.findByRole('tooltip')).textContent).toContain(failedHint);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
