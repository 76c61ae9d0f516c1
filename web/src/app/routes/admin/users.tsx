import { PlannedPage } from '@/components/PlannedPages';

/** User Management: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="User Management" />;
}
