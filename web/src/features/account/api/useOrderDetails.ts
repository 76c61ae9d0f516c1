import {
  ACCOUNT_MESSAGES,
  orderSchema,
  ordersCollection,
  ticketSchema,
  ticketsCollection,
  type Order,
} from '@rafflewin/domain';
import { doc, type FirestoreError } from 'firebase/firestore';
import { useMemo } from 'react';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';
import { useDocumentData } from '@/lib/realtime';

const orderConverter = converterFor(orderSchema);
const ticketConverter = converterFor(ticketSchema);

export type OrderDetailsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'success'; order: Order; ticketNumber: number | null };

/**
 * The rules let customers read only their own documents, and a document that does not exist
 * is refused the same way: both read as "not found", so ids reveal nothing.
 */
function isNotFound(error: FirestoreError | null): boolean {
  return error?.code === 'permission-denied';
}

/**
 * An order for Order Details, given its id or one of its tickets' ids (a ticket
 * leads to its order through the ticket's orderId). Live, so a status change shows at once.
 * `/account/tickets/{id}` also takes an order's id where no ticket has it: the back office's
 * View link opens an order there.
 */
export function useOrderDetails(ids: { orderId?: string; ticketId?: string }): OrderDetailsState {
  const ticketRef = useMemo(
    () =>
      ids.ticketId ? doc(db, ticketsCollection, ids.ticketId).withConverter(ticketConverter) : null,
    [ids.ticketId],
  );
  const ticket = useDocumentData(ticketRef);
  const noSuchTicket =
    ticket.status === 'success'
      ? !ticket.data
      : ticket.status === 'error' && isNotFound(ticket.error);
  const orderId =
    ids.orderId ??
    ticket.data?.orderId ??
    (ids.ticketId && noSuchTicket ? ids.ticketId : undefined);
  const orderRef = useMemo(
    () => (orderId ? doc(db, ordersCollection, orderId).withConverter(orderConverter) : null),
    [orderId],
  );
  const order = useDocumentData(orderRef);

  if (ids.ticketId) {
    if (ticket.status === 'loading') return { status: 'loading' };
    if (ticket.status === 'error' && !isNotFound(ticket.error)) {
      return { status: 'error', message: ACCOUNT_MESSAGES.loadOrderFailed };
    }
  } else if (!ids.orderId) {
    return { status: 'error', message: ACCOUNT_MESSAGES.noOrderId };
  }
  if (order.status === 'loading') return { status: 'loading' };
  if (order.status === 'error' && !isNotFound(order.error)) {
    return { status: 'error', message: ACCOUNT_MESSAGES.loadOrderFailed };
  }
  if (!order.data) {
    return {
      status: 'error',
      message: ids.ticketId ? ACCOUNT_MESSAGES.noOrderForTicket : ACCOUNT_MESSAGES.orderNotFound,
    };
  }
  return { status: 'success', order: order.data, ticketNumber: ticket.data?.ticketNumber ?? null };
}
