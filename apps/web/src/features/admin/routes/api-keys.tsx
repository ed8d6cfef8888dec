import { ApiKeysScreen } from '../api-keys/components/api-keys-screen.tsx';

/** Administration → API keys (ADMINISTRATOR, issue 38): the organization's keys for its programs and wall displays. */
export function Component() {
  return <ApiKeysScreen />;
}
