import { USER_LIST_MESSAGES, type AdminUserRow, type UserSearchField } from '@rafflewin/domain';
import { useCallback, useEffect, useState } from 'react';
import { useRefusalReported } from '@/lib/accessRefusal';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import type { LoadStatus } from '@/lib/realtime';

export interface UserQuery {
  search: string;
  searchBy: UserSearchField;
}

export interface UserPage {
  status: LoadStatus;
  users: AdminUserRow[];
  error: string | null;
  /** 0-based. */
  page: number;
  hasNext: boolean;
  next: () => void;
  previous: () => void;
  /** Reads the current page again (after a change). */
  reload: () => void;
}

/**
 * User Management's rows, a page at a time from the `listUsers` callable (profiles joined
 * with Auth and totals on the server). The cursors of pages already visited are kept so
 * Previous goes back without re-reading from the start; a new query starts at page 1.
 */
export function useUserPage({ search, searchBy }: UserQuery): UserPage {
  // The cursors of the pages visited for this query; a new query starts again at page 1.
  const key = `${searchBy}:${search}`;
  const [paging, setPaging] = useState({ key, cursors: [null] as Array<string | null>, page: 0 });
  if (paging.key !== key) setPaging({ key, cursors: [null], page: 0 });
  const { cursors, page } = paging.key === key ? paging : { cursors: [null], page: 0 };
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState<{
    status: LoadStatus;
    users: AdminUserRow[];
    nextCursor: string | null;
    error: string | null;
    refusal?: unknown;
  }>({ status: 'loading', users: [], nextCursor: null, error: null });

  const cursor = cursors[page] ?? null;
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, status: 'loading', error: null }));
    call('listUsers', { search, searchBy, cursor }).then(
      ({ users, nextCursor }) => {
        if (current) setState({ status: 'success', users, nextCursor, error: null });
      },
      (error: unknown) => {
        if (current) {
          setState({
            status: 'error',
            users: [],
            nextCursor: null,
            error: toUserMessage(error, USER_LIST_MESSAGES.loadFailed),
            refusal: error,
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [search, searchBy, cursor, reloads]);
  useRefusalReported(state.refusal);

  const next = useCallback(() => {
    const nextCursor = state.nextCursor;
    if (!nextCursor) return;
    setPaging((p) => ({
      ...p,
      cursors: [...p.cursors.slice(0, p.page + 1), nextCursor],
      page: p.page + 1,
    }));
  }, [state.nextCursor]);

  return {
    status: state.status,
    users: state.users,
    error: state.error,
    page,
    hasNext: state.nextCursor !== null,
    next,
    previous: () => setPaging((p) => ({ ...p, page: Math.max(0, p.page - 1) })),
    reload: () => setReloads((n) => n + 1),
  };
}
