import { PlannedPage } from '@/components/PlannedPages';

/** Create Notification: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Create Notification" />;
}
