import { useRef } from 'react';

/**
 * A form's key for one request: the same values sent again (a second press, a retry after a
 * lost answer) keep their key, so the server answers with the first result and does nothing
 * twice; values changed after a failed try are another request, with a key of their own.
 * `forget` after a success: the next request is new even with the same values.
 */
export function useRequestKey() {
  const attempt = useRef<{ content: string; requestId: string } | null>(null);
  const keyFor = (values: object) => {
    const content = JSON.stringify(values);
    if (attempt.current?.content !== content) {
      attempt.current = { content, requestId: crypto.randomUUID() };
    }
    return attempt.current.requestId;
  };
  const forget = () => {
    attempt.current = null;
  };
  return { keyFor, forget };
}
