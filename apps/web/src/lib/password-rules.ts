import { PASSWORD_MAX, PASSWORD_MIN, passwordProblems } from '@vnoc/contracts';

export type PasswordHelperRule = 'minLength' | 'maxLength' | 'notCommon' | 'matches';

export interface PasswordRuleState {
  rule: PasswordHelperRule;
  met: boolean;
}

export const PASSWORD_HELPER_RULES: readonly PasswordHelperRule[] = [
  'minLength',
  'maxLength',
  'notCommon',
  'matches',
];

/**
 * The password helper's rules and whether each is met. The policy rules come from the shared
 * passwordProblems(); nothing counts as met while the password is empty, and "matches" needs a
 * confirmation equal to the password.
 */
export function passwordRuleStates(password: string, confirmation: string): PasswordRuleState[] {
  const problems = new Set<string>(passwordProblems(password));
  const typed = password.length > 0;
  return [
    { rule: 'minLength', met: typed && !problems.has('minLength') },
    { rule: 'maxLength', met: typed && !problems.has('maxLength') },
    { rule: 'notCommon', met: typed && !problems.has('notCommon') },
    { rule: 'matches', met: typed && confirmation === password },
  ];
}

export function passwordAcceptable(password: string, confirmation: string): boolean {
  return passwordRuleStates(password, confirmation).every((state) => state.met);
}

export { PASSWORD_MAX, PASSWORD_MIN };
