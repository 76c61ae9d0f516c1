import { ComingSoon } from './ComingSoon';
import { PageTitle } from './PageTitle';

/** A route whose screen has not landed yet, saying so plainly. */
export function PlannedPage({ title }: { title: string }) {
  return (
    <>
      <PageTitle title={title} />
      <ComingSoon title={title} />
    </>
  );
}
