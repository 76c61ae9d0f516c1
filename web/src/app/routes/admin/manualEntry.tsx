import { PlannedPage } from '@/components/PlannedPages';

/** Manual Raffle Entry: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Manual Raffle Entry" />;
}
