import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the receiver accepted it: envelope recipients, the decoded subject and the raw text. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
}

export interface SmtpReceiver {
  port: number;
  user: string;
  password: string;
  /** Every mail accepted, in order. */
  mails: ReceivedMail[];
  /** Mails whose subject contains `marker` are refused (451) this many more times, then accepted. */
  refuse(marker: string, times: number): void;
  /** Sessions whose AUTH failed (a wrong password would show here). */
  authFailures: number;
  close(): Promise<void>;
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`), as nodemailer writes a non-ASCII subject. */
function decodeWords(header: string): string {
  return header.replace(/\r?\n[ \t]/g, ' ').replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  ).trim();
}

/**
 * A real SMTP server (nodemailer's `smtp-server`) on a free local port for the channel tests: plain text (no
 * STARTTLS: no certificate to trust), AUTH PLAIN/LOGIN required and checked against `user`/`password`, and a switch to
 * refuse a message temporarily (451) a number of times — what a mail server under load answers.
 */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const refusals = new Map<string, number>();
  const receiver = { mails: [] as ReceivedMail[], authFailures: 0, user: 'mailer', password: `smtp-${Math.random().toString(36).slice(2)}` };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === receiver.user && auth.password === receiver.password) return callback(null, { user: auth.username });
      receiver.authFailures++;
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => (raw += c));
      stream.on('end', () => {
        const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
        const subjectLine = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? '';
        const subject = decodeWords(subjectLine);
        for (const [marker, left] of refusals) {
          if (left > 0 && subject.includes(marker)) {
            refusals.set(marker, left - 1);
            const err = new Error('Try again later') as Error & { responseCode: number };
            err.responseCode = 451;
            return callback(err);
          }
        }
        receiver.mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    get user() {
      return receiver.user;
    },
    get password() {
      return receiver.password;
    },
    get mails() {
      return receiver.mails;
    },
    get authFailures() {
      return receiver.authFailures;
    },
    refuse: (marker, times) => void refusals.set(marker, times),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
