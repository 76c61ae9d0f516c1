import { PlannedPage } from '@/components/PlannedPages';

/** Saved Raffles: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Saved Raffles" />;
}
