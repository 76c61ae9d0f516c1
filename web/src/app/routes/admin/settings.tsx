import { PlannedPage } from '@/components/PlannedPages';

/** Site Settings: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Site Settings" />;
}
