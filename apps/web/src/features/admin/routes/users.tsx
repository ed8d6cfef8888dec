import { UsersScreen } from '../users/components/users-screen.tsx';

/** Administration → Users (ADMINISTRATOR): the organization's people. */
export function Component() {
  return <UsersScreen />;
}
