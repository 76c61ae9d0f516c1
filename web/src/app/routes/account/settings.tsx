import { PlannedPage } from '@/components/PlannedPages';

/** Account Settings: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Account Settings" />;
}
