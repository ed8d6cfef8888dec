// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useThemeChoice } from '../../../lib/theme.ts';
import { installDomStubs } from '../../../test/render.tsx';
import { useSignInSteps } from '../hooks/use-sign-in-steps.ts';

beforeAll(installDomStubs);
afterEach(cleanup);

describe('the sign-in steps keep their identity across renders', () => {
  it('completeSignIn, goToStep and the theme setter are the same functions after re-renders and a theme change', () => {
    const seen = {
      completeSignIn: new Set<unknown>(),
      goToStep: new Set<unknown>(),
      setTheme: new Set<unknown>(),
    };
    let rerender = () => {};
    let chooseDark = () => {};
    function Probe() {
      const [, setTick] = useState(0);
      const { completeSignIn, goToStep } = useSignInSteps();
      const [, setTheme] = useThemeChoice();
      seen.completeSignIn.add(completeSignIn);
      seen.goToStep.add(goToStep);
      seen.setTheme.add(setTheme);
      rerender = () => setTick((n) => n + 1);
      chooseDark = () => setTheme('dark');
      return null;
    }
    const router = createMemoryRouter([{ path: '/', element: <Probe /> }]);
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    act(() => rerender());
    act(() => chooseDark());
    act(() => rerender());
    // Effects that call them (the /impersonate exchange, the SSO callback, StepRedirect) run once, not every render.
    expect(seen.setTheme.size).toBe(1);
    expect(seen.completeSignIn.size).toBe(1);
    expect(seen.goToStep.size).toBe(1);
  });
});
