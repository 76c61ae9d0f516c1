import { PlannedPage } from '@/components/PlannedPages';

/** Profile Settings: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Profile Settings" />;
}
