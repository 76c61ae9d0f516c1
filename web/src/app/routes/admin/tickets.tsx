import { PlannedPage } from '@/components/PlannedPages';

/** Manage Tickets: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Manage Tickets" />;
}
