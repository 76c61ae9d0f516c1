import { PlannedPage } from '@/components/PlannedPages';

/** Notifications: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Notifications" />;
}
