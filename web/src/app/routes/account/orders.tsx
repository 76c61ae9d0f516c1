import { PlannedPage } from '@/components/PlannedPages';

/** My Orders: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="My Orders" />;
}
