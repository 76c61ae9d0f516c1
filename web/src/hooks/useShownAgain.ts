import { useEffect } from 'react';

/**
 * Runs `shownAgain` when the browser shows this page again from its back-forward cache: the
 * person left it for a payment page (Stripe's) and came back with Back, finding the page as it
 * was when they left it (a button still "Processing…"). `shownAgain` should be stable.
 */
export function useShownAgain(shownAgain: () => void): void {
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) shownAgain();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [shownAgain]);
}
