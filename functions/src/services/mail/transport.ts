import { SMTP_SECRET_PATH, SMTP_SETTINGS_PATH } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import type { Address } from 'nodemailer/lib/mailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

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
    socketTimeout: 20_000,
  };
}

/**
 * The SMTP server: the administrator's settings when a host is configured, otherwise
 * SMTP_HOST/SMTP_PORT from the environment (MailDev locally, see functions/.env.local).
 */
export async function mailSender(db: Firestore): Promise<MailSender> {
  const { createTransport } = await import('nodemailer');
  const [settings, secret] = await Promise.all([
    db.doc(SMTP_SETTINGS_PATH).get(),
    db.doc(SMTP_SECRET_PATH).get(),
  ]);
  const host = settings.get('host') as string | undefined;
  if (host) {
    return {
      transporter: createTransport(
        smtpTransportOptions({
          host,
          port: settings.get('port') as number,
          secure: settings.get('secure') === true,
          user: (settings.get('user') as string | undefined) ?? '',
          password: (secret.get('password') as string | undefined) ?? '',
        }),
      ),
      from: {
        name: (settings.get('fromName') as string | undefined) ?? '',
        address: settings.get('fromAddress') as string,
      },
    };
  }
  return {
    transporter: createTransport({
      host: process.env.SMTP_HOST ?? '127.0.0.1',
      port: Number(process.env.SMTP_PORT ?? 1025),
      secure: false,
      ignoreTLS: true,
    }),
    from: process.env.MAIL_FROM ?? '"RaffleWin" <no-reply@rafflewin.local>',
  };
}
