import { useState } from 'react';

/**
 * The state behind a `CodeForm`, held by the screen: it clears the code when a new one is sent
 * and shows a failed resend on the same line as a refused code.
 */
export function useCodeForm() {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  /** The failed request itself: FormError words it in the language shown. */
  const [failure, setFailure] = useState<unknown>(null);
  return { code, setCode, codeError, setCodeError, failure, setFailure };
}

export type CodeFormState = ReturnType<typeof useCodeForm>;
