import { ShopError } from '@rafflewin/domain';

/**
 * Refuses an administrator's edit made on an older version of a document than the stored one,
 * rather than letting it undo the change saved since (another administrator, another tab).
 * `seen` is the document's `updatedAt` (ms, null when it had none) as the form was filled;
 * without it (a caller that does not say) the edit goes ahead. Call it in the transaction that
 * writes, with what that transaction read.
 */
export function refuseIfChangedSince(
  updatedAt: Date | null | undefined,
  seen: number | null | undefined,
  message: string,
): void {
  if (seen !== undefined && (updatedAt?.getTime() ?? null) !== seen) {
    throw new ShopError('failed-precondition', message);
  }
}
