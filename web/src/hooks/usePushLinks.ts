import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onPushLink } from '@/lib/serviceWorker';

/** Moves this tab to the page of a push notification clicked while it was open. */
export function usePushLinks(): void {
  const navigate = useNavigate();
  useEffect(() => onPushLink((link) => void navigate(link)), [navigate]);
}
