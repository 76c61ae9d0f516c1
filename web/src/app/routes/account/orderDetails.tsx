import { PlannedPage } from '@/components/PlannedPages';

/** Order Details: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Order Details" />;
}
