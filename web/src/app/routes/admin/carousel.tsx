import { PageTitle } from '@/components/PageTitle';
import { CarouselAdmin } from '@/features/admin/carousel/components/CarouselAdmin';

/** The home page carousel editor. */
export default function Page() {
  return (
    <>
      <PageTitle title="Carousel" />
      <CarouselAdmin />
    </>
  );
}
