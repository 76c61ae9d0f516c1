import { PageTitle } from '@/components/PageTitle';
import { Dashboard } from '@/features/admin/dashboard/components/Dashboard';

/** Admin Dashboard. */
export default function Page() {
  return (
    <>
      <PageTitle title="Admin Dashboard" />
      <Dashboard />
    </>
  );
}
