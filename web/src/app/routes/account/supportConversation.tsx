import { PlannedPage } from '@/components/PlannedPages';

/** Support Conversation: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Support Conversation" />;
}
