import nodemailer from 'nodemailer'
import type { SmtpConfig } from '../config/schema.js'

/** One mail of the login: a plain-text body and a simple HTML one. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
}

/** Sends the login's mails. An injected dependency: SMTP in production and in the tests. */
export interface Mailer {
  /** Resolves once the SMTP server accepted the mail. */
  send(mail: OutgoingMail): Promise<void>
}

/** How long one step of an SMTP exchange may take: a login waits for its mail. */
const SMTP_TIMEOUT_MS = 10_000

/**
 * Mail through an SMTP server with nodemailer: TLS from the start with `secure`, otherwise
 * STARTTLS when the server offers it; credentials when configured. One connection per mail, so
 * nothing stays open between logins.
 */
export function smtpMailer(config: SmtpConfig): Mailer {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    ...(config.auth ? { auth: { user: config.auth.user, pass: config.auth.pass } } : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  })
  return {
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail })
    },
  }
}
