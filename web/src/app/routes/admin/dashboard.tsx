import { PageTitle } from '@/components/PageTitle';
import { Dashboard } from '@/features/admin/dashboard/components/Dashboard';

/** Admin Dashboard (back-office §2). */
export default function Page() {
  return (
    <>
      <PageTitle title="Admin Dashboard" />
      <Dashboard />
    </>
  );
}
