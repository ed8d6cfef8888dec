import { useParams } from 'react-router';
import { ReportScreen } from '../components/report-screen.tsx';

/** Report: one report over a date range, with filters, totals, a chart, the table, exports and scheduling. */
export function Component() {
  const { id = '' } = useParams();
  // A new report id is a new screen (its own sort fields, columns and filters).
  return <ReportScreen key={id} id={id} />;
}
