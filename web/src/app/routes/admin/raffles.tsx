import { PageTitle } from '@/components/PageTitle';
import { RafflesAdmin } from '@/features/admin/raffles/components/RafflesAdmin';

/** Manage Raffles. */
export default function Page() {
  return (
    <>
      <PageTitle title="Manage Raffles" />
      <RafflesAdmin />
    </>
  );
}
