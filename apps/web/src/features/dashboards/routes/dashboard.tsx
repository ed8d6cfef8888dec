import { useParams } from 'react-router';
import { DashboardScreen } from '../components/dashboard-screen.tsx';

/** One dashboard by id (/dashboard/{did}): its widgets on the grid, the switcher and, where allowed, the editor. */
export function Component() {
  const { did = '' } = useParams();
  return <DashboardScreen did={did} />;
}
