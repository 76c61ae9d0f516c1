import { PlannedPage } from '@/components/PlannedPages';

/** Order Management: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Order Management" />;
}
