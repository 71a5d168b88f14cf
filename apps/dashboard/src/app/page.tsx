import { DashboardApp } from '../components/dashboard-app';

/** The only page: the dashboard runs in the browser against the same-origin API. */
export default function HomePage() {
  return <DashboardApp />;
}
