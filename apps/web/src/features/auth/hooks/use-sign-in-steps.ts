import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@vnoc/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { authStore } from '../../../lib/auth-store.ts';
import { showBanner } from '../../../lib/banner.ts';
import { errorMessage, handleError } from '../../../lib/error-handler.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { takeReturnPath } from '../../../lib/return-path.ts';
import { useThemeChoice } from '../../../lib/theme.ts';
import { preferenceChoices } from '../../../lib/user-preferences.ts';
import { type NextStep, nextAfterPasswordUpdate } from '../utils/next-step.ts';

/**
 * The moves between sign-in screens (spec part 4): `goToStep` sets the captivity path and goes to a step
 * screen, or completes sign-in when the step is `/`.
 */
export function useSignInSteps() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [, setTheme] = useThemeChoice();

  /** Reloads the user and applies their language and theme; on failure user is null and the error is shown. */
  const reloadUser = useCallback(async (): Promise<{ user: User | null; error: unknown }> => {
    try {
      // With the console's code (the user's schema, zod): not part of /login's first load.
      const { getUserProfile, userProfileQueryKey } = await import('../../../lib/user-profile.ts');
      const user = await getUserProfile();
      queryClient.setQueryData(userProfileQueryKey, user);
      const { language, theme } = preferenceChoices(user);
      if (language) setLanguage(language);
      if (theme) setTheme(theme);
      return { user, error: null };
    } catch (error) {
      authStore.setUser(null);
      return { user: null, error };
    }
  }, [queryClient, setTheme]);

  /**
   * Spec part 4: "When validation is true, the captivity path is cleared and the user record is fetched. If
   * that fetch fails, user is set to null and the error is sent to the shared error handler" — then `/`.
   * The multi-factor screen sends the sign-in analytics event after it; the chat widget is not built yet.
   */
  const completeSignIn = useCallback(
    async (to: string | null = paths.root) => {
      authStore.setCaptivity(null);
      const { error } = await reloadUser();
      if (!to) {
        if (error) handleError(error);
        return;
      }
      // The shared handler's message, kept across the navigation it precedes.
      if (error) showBanner('danger', errorMessage(error), { keepNext: true });
      // The console's start means "where the person was going" when a page was asked for (issue 37).
      await navigate(to === paths.root ? (takeReturnPath() ?? to) : to, { replace: true });
    },
    [navigate, reloadUser],
  );

  const goToStep = useCallback(
    async (step: NextStep) => {
      if (step === paths.root) return completeSignIn();
      if (step === paths.login) {
        authStore.setCaptivity(null);
      } else {
        authStore.setCaptivity(step);
      }
      await navigate(step, { replace: true });
    },
    [completeSignIn, navigate],
  );

  /** Spec part 4: "Password update clears captivity, reloads the user, and goes to / unless on a profile path." */
  const afterPasswordUpdate = useCallback(
    (currentPath: string) => completeSignIn(nextAfterPasswordUpdate(currentPath)),
    [completeSignIn],
  );

  return { goToStep, completeSignIn, afterPasswordUpdate, reloadUser };
}
