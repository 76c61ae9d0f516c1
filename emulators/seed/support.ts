/**
 * Demo notifications and support conversations, so /account/notifications, My Support
 * Tickets, a conversation and the admin inbox show something in `npm start`. Fixed ids; every
 * message is already counted (`countedAt`), so the message trigger leaves the tickets alone.
 */
import {
  notificationsPath,
  supportMessagesPath,
  supportSearchTerms,
  supportTicketPath,
  type NotificationData,
  type SupportMessageData,
  type SupportTicketData,
} from '@rafflewin/domain';
import { DEMO_USERS } from '../config';

import type { Write } from './tickets';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

interface DemoConversation {
  id: string;
  ticket: Omit<SupportTicketData, 'searchTerms' | 'lastMessage' | 'lastMessageAt' | 'createdAt'>;
  messages: Array<{ ago: number; from: 'user' | 'admin'; text: string }>;
}

function conversations(): DemoConversation[] {
  const customer = DEMO_USERS.customer;
  const name = `${customer.firstName} ${customer.lastName}`;
  return [
    {
      id: 'demo-ticket-delivery',
      ticket: {
        userId: customer.uid,
        name,
        email: customer.email,
        subject: 'When will my prize be delivered?',
        status: 'replied',
        priority: 'normal',
        reference: 'RW-DEMO2345',
        unreadCount: 1,
        adminUnreadCount: 0,
        isComplaint: false,
        acknowledgeBy: null,
        resolveBy: null,
        closedAt: null,
      },
      messages: [
        {
          ago: 2 * DAY,
          from: 'user',
          text: 'Hello, I won the £500 Amazon voucher last week. When will it arrive?',
        },
        {
          ago: 30 * MINUTE,
          from: 'admin',
          text: 'Congratulations again! The voucher code is e-mailed within 5 working days of the draw.',
        },
      ],
    },
    {
      id: 'demo-ticket-postal',
      ticket: {
        userId: customer.uid,
        name,
        email: customer.email,
        subject: 'Postal entry question',
        status: 'closed',
        priority: 'low',
        reference: 'RW-DEMO6789',
        unreadCount: 0,
        adminUnreadCount: 0,
        isComplaint: false,
        acknowledgeBy: null,
        resolveBy: null,
        closedAt: null,
      },
      messages: [
        { ago: 9 * DAY, from: 'user', text: 'Can I enter the charity raffle by post?' },
        {
          ago: 8 * DAY,
          from: 'admin',
          text: 'Yes: every competition accepts one free postal entry per envelope. See the terms.',
        },
      ],
    },
    {
      id: 'demo-ticket-guest',
      ticket: {
        userId: null,
        name: 'Sam Visitor',
        email: 'sam.visitor@example.com',
        subject: 'Refund for a cancelled raffle',
        status: 'open',
        priority: 'high',
        reference: 'RW-DEMOHJKM',
        unreadCount: 0,
        adminUnreadCount: 1,
        isComplaint: false,
        acknowledgeBy: null,
        resolveBy: null,
        closedAt: null,
      },
      messages: [
        {
          ago: 3 * HOUR,
          from: 'user',
          text: 'The raffle I entered was cancelled. How do I get my money back?',
        },
      ],
    },
  ];
}

function notifications(): Array<{
  id: string;
  ago: number;
  data: Omit<NotificationData, 'createdAt'>;
}> {
  return [
    {
      id: 'demo-support-reply',
      ago: 30 * MINUTE,
      data: {
        type: 'account',
        title: 'New reply to your support ticket',
        message:
          'Support replied to "When will my prize be delivered?": Congratulations again! The voucher code is e-mailed within 5 working days of the draw.',
        supportTicketId: 'demo-ticket-delivery',
        isRead: false,
      },
    },
    {
      id: 'demo-raffle-closing',
      ago: 2 * HOUR,
      data: {
        type: 'raffle',
        title: 'Closing soon',
        message: 'A raffle you entered closes tonight at 21:00. Good luck!',
        supportTicketId: null,
        isRead: false,
      },
    },
    {
      id: 'demo-system-maintenance',
      ago: DAY + HOUR,
      data: {
        type: 'system',
        title: 'Planned maintenance',
        message:
          'The shop will be unavailable on Sunday between 02:00 and 04:00 while we upgrade our systems. Entries already made are safe, and raffles closing in that window will close at 05:00 instead.',
        supportTicketId: null,
        isRead: false,
      },
    },
    {
      id: 'demo-welcome',
      ago: 10 * DAY,
      data: {
        type: 'account',
        title: 'Welcome to RaffleWin',
        message: 'Your account is ready. Good luck in the draws!',
        supportTicketId: null,
        isRead: true,
      },
    },
  ];
}

export function supportDemoWrites(now: Date): Write[] {
  const at = (ago: number) => new Date(now.getTime() - ago);
  const writes: Write[] = [];
  for (const { id, ticket, messages } of conversations()) {
    const last = messages.at(-1)!;
    const data: SupportTicketData = {
      ...ticket,
      lastMessage: last.text,
      lastMessageAt: at(last.ago),
      searchTerms: supportSearchTerms(ticket),
      createdAt: at(messages[0]!.ago),
    };
    writes.push([supportTicketPath(id), data]);
    messages.forEach((message, index) => {
      const stored: SupportMessageData = {
        message: message.text,
        senderType: message.from,
        ...(message.from === 'user' && { senderId: ticket.userId ?? 'guest' }),
        createdAt: at(message.ago),
        countedAt: at(message.ago),
      };
      writes.push([`${supportMessagesPath(id)}/m${index + 1}`, stored]);
    });
  }
  for (const { id, ago, data } of notifications()) {
    writes.push([
      `${notificationsPath(DEMO_USERS.customer.uid)}/${id}`,
      { ...data, createdAt: at(ago) },
    ]);
  }
  return writes;
}
