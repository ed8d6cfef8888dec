import { useEffect } from 'react';
import { useSignInSteps } from '../hooks/use-sign-in-steps.ts';

/** Moves to another sign-in step with its captivity path set (a plain redirect would be sent back). */
export function StepRedirect({ to }: { to: string }) {
  const { goToStep } = useSignInSteps();
  useEffect(() => {
    void goToStep(to);
  }, [goToStep, to]);
  return null;
}
