import { createContext, useContext, useEffect } from 'react';

/**
 * Takes an error from a read or an action and answers true when it dealt with it: in the
 * console, a permission refusal shows the Access Denied panel in place of the screen.
 */
export type ReportRefusal = (error: unknown) => boolean;

/**
 * Where the shared read and action hooks send their errors. Only the console provides one;
 * elsewhere nothing is taken and every error is left to the screen.
 */
export const AccessRefusalContext = createContext<ReportRefusal>(() => false);

/** The nearest refusal reporter (none outside the console). */
export function useReportRefusal(): ReportRefusal {
  return useContext(AccessRefusalContext);
}

/**
 * Reports a read's error once it shows. Reported after the render, so a screen's own effect
 * on the same error (with its own words) runs after this one and has the last say.
 */
export function useRefusalReported(error: unknown): void {
  const report = useReportRefusal();
  useEffect(() => {
    if (error) report(error);
  }, [error, report]);
}
