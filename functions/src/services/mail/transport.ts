import { SMTP_SECRET_PATH, SMTP_SETTINGS_PATH } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';

export interface MailSender {
  transporter: Transporter;
  from: string;
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
    const user = settings.get('user') as string;
    return {
      transporter: createTransport({
        host,
        port: settings.get('port') as number,
        secure: settings.get('secure') === true,
        auth: user
          ? { user, pass: (secret.get('password') as string | undefined) ?? '' }
          : undefined,
      }),
      from: `"${settings.get('fromName') as string}" <${settings.get('fromAddress') as string}>`,
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
