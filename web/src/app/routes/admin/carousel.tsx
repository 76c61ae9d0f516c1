import { PlannedPage } from '@/components/PlannedPages';

/** Carousel: not built yet; says so plainly. */
export default function Page() {
  return <PlannedPage title="Carousel" />;
}
