import { Route, Routes } from 'react-router';
import { ComingSoon } from './ComingSoon';
import { PageTitle } from './PageTitle';

/** Routes whose screens have not landed yet, each saying so plainly. */
export function PlannedPages({ pages }: { pages: ReadonlyArray<{ path: string; title: string }> }) {
  return (
    <Routes>
      {pages.map(({ path, title }) => (
        <Route
          key={path}
          path={path}
          element={
            <>
              <PageTitle title={title} />
              <ComingSoon title={title} />
            </>
          }
        />
      ))}
      <Route path="*" element={<ComingSoon title="Page not found" />} />
    </Routes>
  );
}
