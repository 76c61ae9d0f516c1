import { PageTitle } from '@/components/PageTitle';
import { RafflesAdmin } from '@/features/admin/raffles/components/RafflesAdmin';

/** Manage Raffles (back-office §2). */
export default function Page() {
  return (
    <>
      <PageTitle title="Manage Raffles" />
      <RafflesAdmin />
    </>
  );
}
