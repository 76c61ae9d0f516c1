import { PlannedPage } from '@/components/PlannedPages';

/** Support Messages: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Support Messages" />;
}
