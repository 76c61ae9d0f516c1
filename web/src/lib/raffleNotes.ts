/**
 * What this device keeps per raffle between adding to the cart and checking out, in
 * localStorage under `key` (the cart document holds only raffle ids and quantities). A stored
 * value that `valid` refuses reads as none.
 */
export function raffleNotes<T>(key: string, valid: (value: unknown) => value is T) {
  const readAll = (): Record<string, unknown> => {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  return {
    get(raffleId: string): T | null {
      const value = readAll()[raffleId];
      return valid(value) ? value : null;
    },
    set(raffleId: string, value: T): void {
      localStorage.setItem(key, JSON.stringify({ ...readAll(), [raffleId]: value }));
    },
    forget(raffleIds: string[]): void {
      const all = readAll();
      for (const id of raffleIds) delete all[id];
      localStorage.setItem(key, JSON.stringify(all));
    },
  };
}
