import { PlannedPage } from '@/components/PlannedPages';

/** Update Profile: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Update Profile" />;
}
