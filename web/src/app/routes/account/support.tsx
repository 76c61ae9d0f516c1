import { PlannedPage } from '@/components/PlannedPages';

/** My Support Tickets: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="My Support Tickets" />;
}
