import { ReportList } from '../components/report-list.tsx';

/** Reports: the reports the caller's organization may open, and the caller's scheduled reports. */
export function Component() {
  return <ReportList />;
}
