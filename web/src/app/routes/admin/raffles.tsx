import { PlannedPage } from '@/components/PlannedPages';

/** Manage Raffles: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Manage Raffles" />;
}
