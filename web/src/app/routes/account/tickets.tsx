import { PlannedPage } from '@/components/PlannedPages';

/** My Tickets: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="My Tickets" />;
}
