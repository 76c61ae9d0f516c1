import { PlannedPage } from '@/components/PlannedPages';

/** Admin Dashboard: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Admin Dashboard" />;
}
