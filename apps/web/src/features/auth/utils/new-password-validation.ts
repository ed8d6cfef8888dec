import { UpdatePasswordRequestSchema } from '@vnoc/contracts';
import type { TFunction } from 'i18next';
import { schemaValidator } from '../../../lib/form-validation.ts';

export interface NewPasswordValues {
  password: string;
  confirmation: string;
}

/** Form validation of a new password and its confirmation with the shared policy schema. */
export function newPasswordValidator<V extends NewPasswordValues>(t: TFunction) {
  const check = schemaValidator(UpdatePasswordRequestSchema, t, (values: V) => ({
    password: values.password,
  }));
  return (values: V): Record<string, string> => {
    const errors = check(values);
    if (values.confirmation !== values.password)
      errors.confirmation = t('validation.passwordMismatch', { ns: 'auth' });
    return errors;
  };
}
