import { Injectable } from '@nestjs/common';
import nodemailer from 'nodemailer';
import type { ChannelSetting, SmtpSettings } from './channel-settings.repository.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends one e-mail through the configured SMTP server (邮件配置) with nodemailer: a connection per mail, no pool —
 * deliveries are few per second and a pool would hold a connection to a server whose settings may change. The
 * password goes to the SMTP server only: nodemailer's logger is off, and its errors carry the server's reply, not it.
 */
@Injectable()
export class EmailSender {
  async send(config: ChannelSetting<SmtpSettings>, mail: OutgoingMail, timeoutMs: number): Promise<void> {
    const s = config.settings;
    const transport = nodemailer.createTransport({
      host: s.host,
      port: s.port,
      secure: s.secure ?? false,
      auth: s.user ? { user: s.user, pass: config.secret } : undefined,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      logger: false,
      debug: false,
    });
    try {
      await transport.sendMail({ from: s.from, to: mail.to, subject: mail.subject, text: mail.text });
    } finally {
      transport.close();
    }
  }
}
