import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { Address } from 'nodemailer/lib/mailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { smtpSecretRef, smtpSettingsRef } from '../../lib/collections';

export interface MailSender {
  transporter: Transporter;
  from: string | Address;
}

/** An SMTP server as the Email Server tab describes it. */
export interface SmtpServer {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1']);

/**
 * Nodemailer's options for a configured server. With a user name, the password is only ever
 * sent over TLS (`requireTLS` makes STARTTLS mandatory on a plain connection), except to a
 * server on this machine, such as MailDev. Timeouts keep a wrong host from hanging a request.
 */
export function smtpTransportOptions(server: SmtpServer): SMTPTransport.Options {
  return {
    host: server.host,
    port: server.port,
    secure: server.secure,
    auth: server.user ? { user: server.user, pass: server.password } : undefined,
    requireTLS: !server.secure && Boolean(server.user) && !LOOPBACK.has(server.host),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    // 10 s at most for an e-mail, whichever step is waiting.
    socketTimeout: 10_000,
  };
}

/** Pooled transports by their options: one instance sends many e-mails over few connections. */
const transports = new Map<string, Transporter>();

/**
 * A pooled transport for `options`, made once per instance: a broadcast's thousands of
 * e-mails reuse a few open connections instead of one handshake (and login) each. A change of
 * settings gives a new key, so the next e-mail uses the new server.
 */
async function pooledTransport(options: SMTPTransport.Options): Promise<Transporter> {
  const key = JSON.stringify(options);
  const existing = transports.get(key);
  if (existing) return existing;
  const { createTransport } = await import('nodemailer');
  const transport = createTransport({ ...options, pool: true, maxConnections: 3 });
  transports.set(key, transport);
  return transport;
}

/**
 * The SMTP server: the administrator's settings when a host is configured, otherwise
 * SMTP_HOST/SMTP_PORT from the environment (MailDev locally, see functions/.env.demo-rafflewin).
 */
export async function mailSender(db: Firestore): Promise<MailSender> {
  const [settings, secret] = await Promise.all([
    smtpSettingsRef(db).get(),
    smtpSecretRef(db).get(),
  ]);
  const smtp = settings.data();
  if (smtp?.host) {
    return {
      transporter: await pooledTransport(
        smtpTransportOptions({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          user: smtp.user,
          password: secret.data()?.password ?? '',
        }),
      ),
      from: { name: smtp.fromName, address: smtp.fromAddress },
    };
  }
  return {
    transporter: await pooledTransport({
      host: process.env.SMTP_HOST ?? '127.0.0.1',
      port: Number(process.env.SMTP_PORT ?? 1025),
      secure: false,
      ignoreTLS: true,
    }),
    from: process.env.MAIL_FROM ?? '"RaffleWin" <no-reply@rafflewin.local>',
  };
}
