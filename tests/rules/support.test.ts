import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import {
  ADMIN_ONLY,
  NOBODY,
  OWNER_AND_ADMIN,
  UIDS,
  putConversation,
  rulesSuite,
  supportTicketDoc,
} from '../support/rules';

const message = (senderType: string, senderId: string | null, text = 'Thanks!') => ({
  message: text,
  senderType,
  senderId: senderId ?? 'guest',
  createdAt: serverTimestamp(),
});

const suite = rulesSuite('support', (put) => {
  for (const uid of [UIDS.owner, UIDS.banned]) {
    putConversation(put, uid);
    put(`supportTickets/closed-${uid}`, { ...supportTicketDoc(uid), status: 'closed' });
  }
});

describe('supportTickets/{ticketId}', () => {
  suite.matrix('get a support ticket', OWNER_AND_ADMIN, (db, s) =>
    getDoc(doc(db, `supportTickets/s-${s}`)),
  );
  suite.matrix("list the owner's tickets", OWNER_AND_ADMIN, (db, s) =>
    getDocs(query(collection(db, 'supportTickets'), where('userId', '==', s))),
  );
  suite.matrix('open a ticket directly (the contact callable does)', NOBODY, (db, s) =>
    setDoc(doc(db, `supportTickets/s-new-${s}`), supportTicketDoc(s)),
  );
  suite.matrix('reset the unread counter', NOBODY, (db, s) =>
    updateDoc(doc(db, `supportTickets/s-${s}`), { unreadCount: 0, status: 'closed' }),
  );
  suite.matrix('delete a conversation directly', NOBODY, (db, s) =>
    deleteDoc(doc(db, `supportTickets/s-${s}`)),
  );
  suite.matrix(
    "page through the owner's tickets, latest activity first",
    OWNER_AND_ADMIN,
    (db, s) =>
      getDocs(
        query(
          collection(db, 'supportTickets'),
          where('userId', '==', s),
          orderBy('lastMessageAt', 'desc'),
          limit(20),
        ),
      ),
  );
  suite.matrix('search every ticket (the admin inbox)', ADMIN_ONLY, (db) =>
    getDocs(
      query(
        collection(db, 'supportTickets'),
        where('searchTerms', 'array-contains', 'where'),
        orderBy('lastMessageAt', 'desc'),
        limit(20),
      ),
    ),
  );
  suite.matrix('filter every ticket by status (the admin inbox)', ADMIN_ONLY, (db) =>
    getDocs(
      query(
        collection(db, 'supportTickets'),
        where('status', 'in', ['in_progress', 'replied']),
        orderBy('lastMessageAt', 'desc'),
        limit(20),
      ),
    ),
  );
  suite.check('mark the ticket read directly (a callable does)', 'owner', false, (db, s) =>
    updateDoc(doc(db, `supportTickets/s-${s}`), { unreadCount: 0 }),
  );
  suite.check('mark the ticket read directly (a callable does)', 'admin', false, (db, s) =>
    updateDoc(doc(db, `supportTickets/s-${s}`), { adminUnreadCount: 0 }),
  );
});

describe('supportTickets/{ticketId}/messages/{messageId}', () => {
  const messages = (s: string) => `supportTickets/s-${s}/messages`;
  suite.matrix('read a message', OWNER_AND_ADMIN, (db, s) => getDoc(doc(db, `${messages(s)}/m1`)));
  suite.matrix('list the conversation', OWNER_AND_ADMIN, (db, s) =>
    getDocs(collection(db, messages(s))),
  );
  // Both sides write through callables: the customer's sendSupportMessage (own conversation,
  // a few at a time) and support's audited replyToSupportTicket. No browser writes a message.
  suite.matrix('send a message as the customer directly', NOBODY, (db, s, uid) =>
    setDoc(doc(db, `${messages(s)}/m2`), message('user', uid)),
  );
  suite.matrix('reply as support directly', NOBODY, (db, s, uid) =>
    setDoc(doc(db, `${messages(s)}/m2`), message('admin', uid)),
  );
  suite.matrix('write in a closed conversation directly', NOBODY, (db, s, uid) =>
    setDoc(doc(db, `supportTickets/closed-${s}/messages/m2`), message('user', uid)),
  );
  suite.matrix('edit a message', NOBODY, (db, s) =>
    updateDoc(doc(db, `${messages(s)}/m1`), { message: 'Edited' }),
  );
  suite.matrix('delete a message directly', NOBODY, (db, s) =>
    deleteDoc(doc(db, `${messages(s)}/m1`)),
  );
});
