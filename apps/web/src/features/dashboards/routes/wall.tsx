import { WallScreen } from '../components/wall-screen.tsx';

/** /wall (issue 37): a NOC wall display, opened with a display key. */
export function Component() {
  return <WallScreen />;
}
