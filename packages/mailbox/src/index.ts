// @latch/mailbox: maildev on 127.0.0.1 for the dev command and the tests, read through its REST
// API. `latch-mailbox` runs one and prints the inbox URL.
export { extractCode, extractLinks, type MailText } from './extract.js'
export type { MailMessage } from './messages.js'
export {
  DEFAULT_MAIL_TIMEOUT_MS,
  MAILBOX_HOST,
  startMailbox,
  type LinkOptions,
  type Mailbox,
  type StartMailboxOptions,
  type WaitOptions,
} from './mailbox.js'
