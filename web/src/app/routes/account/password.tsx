import { PlannedPage } from '@/components/PlannedPages';

/** Change Password: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Change Password" />;
}
